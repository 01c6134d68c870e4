import { accountId } from "./aws-account";
import { schedulerDeliveryPolicy, schedulerTrustPolicy } from "./policies";
import { stepQueue } from "./queues";

/**
 * EventBridge Scheduler: a group for the one-shot wake-up schedules of this stage, and the role the
 * Scheduler assumes to deliver them, allowed only to send to the step queue, and only for this group.
 */
export const scheduleGroup = new aws.scheduler.ScheduleGroup("Schedules", {
  name: `${$app.name}-${$app.stage}`,
});

/** The trust policy of a role the Scheduler assumes for the schedules of one group. */
export const schedulerTrust = (groupArn: $util.Input<string>) =>
  $resolve({ account: accountId, group: groupArn }).apply(({ account, group }) =>
    JSON.stringify(schedulerTrustPolicy(account, group)),
  );

export const schedulerRole = new aws.iam.Role("SchedulerRole", {
  assumeRolePolicy: schedulerTrust(scheduleGroup.arn),
  inlinePolicies: [
    {
      name: "send-to-step-queue",
      policy: stepQueue.arn.apply((arn) => JSON.stringify(schedulerDeliveryPolicy(arn))),
    },
  ],
});
