import { deadLetterQueues, workQueues } from "./queues";
import { runEventWorker } from "./run-events";
import { ALARMS, type FunctionName, type MetricAlarmSettings } from "./settings";
import { thisStage } from "./this-stage";
import { stepWorker, sweeper } from "./worker";

/**
 * CloudWatch alarms on what nobody would otherwise see (infra/settings.ts says which and why). With
 * WEFT_ALARM_EMAIL set at deploy, they notify an SNS topic that e-mails it (AWS first sends a confirmation
 * link to click); without it, they exist and change state in the console, with no action.
 */
function emailTopic(email: string) {
  const topic = new sst.aws.SnsTopic("Alarms");
  new aws.sns.TopicSubscription("AlarmEmail", { topic: topic.arn, protocol: "email", endpoint: email });
  return topic.arn;
}

const actions = thisStage.alarmEmail === undefined ? [] : [emailTopic(thisStage.alarmEmail)];

function alarm(
  name: string,
  description: string,
  settings: MetricAlarmSettings,
  dimensions: Record<string, $util.Input<string>>,
) {
  return new aws.cloudwatch.MetricAlarm(name, {
    alarmDescription: `${$app.name} ${$app.stage}: ${description}`,
    namespace: settings.namespace,
    metricName: settings.metric,
    statistic: settings.statistic,
    period: settings.periodSeconds,
    evaluationPeriods: settings.evaluationPeriods,
    threshold: settings.threshold,
    comparisonOperator: settings.comparison,
    treatMissingData: settings.missingData,
    dimensions,
    alarmActions: actions,
    okActions: actions,
  });
}

const pascalCase = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

for (const queue of ALARMS.deadLetters.queues) {
  alarm(`${pascalCase(queue)}DlqDepth`, `messages in the ${queue} dead-letter queue`, ALARMS.deadLetters, {
    QueueName: deadLetterQueues[queue].nodes.queue.name,
  });
}

for (const queue of ALARMS.queueAge.queues) {
  const minutes = ALARMS.queueAge.threshold / 60;
  alarm(
    `${pascalCase(queue)}QueueAge`,
    `the ${queue} queue's oldest message is over ${minutes} minutes old`,
    ALARMS.queueAge,
    {
      QueueName: workQueues[queue].nodes.queue.name,
    },
  );
}

for (const queue of ALARMS.queueBacklog.queues) {
  const { threshold } = ALARMS.queueBacklog;
  alarm(
    `${pascalCase(queue)}QueueBacklog`,
    `over ${threshold} messages wait in the ${queue} queue`,
    ALARMS.queueBacklog,
    {
      QueueName: workQueues[queue].nodes.queue.name,
    },
  );
}

const functionNames: Record<Exclude<FunctionName, "api">, $util.Output<string>> = {
  worker: stepWorker.nodes.function.apply((fn) => fn.name),
  runEvents: runEventWorker.nodes.function.apply((fn) => fn.name),
  sweeper: sweeper.nodes.function.apply((fn) => fn.name),
};

for (const name of ALARMS.functionErrors.functions) {
  alarm(`${pascalCase(name)}Errors`, `failed invocations of the ${name} function`, ALARMS.functionErrors, {
    FunctionName: functionNames[name],
  });
}

const { sweeperSilent } = ALARMS;
const silentMinutes = (sweeperSilent.periodSeconds * sweeperSilent.evaluationPeriods) / 60;
alarm("SweeperSilent", `the sweeper has not run for ${silentMinutes} minutes`, sweeperSilent, {
  FunctionName: functionNames[sweeperSilent.function],
});
