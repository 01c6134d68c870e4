import { secretsKey, secretsKeyPermissions } from "./kms";
import { stepQueue } from "./queues";
import { scheduleGroup, schedulerRole } from "./scheduler";
import { table } from "./table";
import { webhookQueue } from "./webhooks";

/**
 * What every function that touches runs needs: the settings core/config.ts reads, and the permissions for
 * them (the table and queue by link, the Scheduler by explicit statements on this stage's group only).
 */
export const engineEnvironment = {
  TABLE_NAME: table.name,
  STEP_QUEUE_URL: stepQueue.url,
  STEP_QUEUE_ARN: stepQueue.arn,
  SCHEDULE_GROUP: scheduleGroup.name,
  SCHEDULER_ROLE_ARN: schedulerRole.arn,
  KMS_KEY_ID: secretsKey.arn,
  WEBHOOK_QUEUE_URL: webhookQueue.url,
};

export const engineLinks = [table, stepQueue, webhookQueue];

export const enginePermissions = [
  ...secretsKeyPermissions,
  {
    actions: ["scheduler:CreateSchedule", "scheduler:DeleteSchedule"],
    resources: [$interpolate`arn:aws:scheduler:*:*:schedule/${scheduleGroup.name}/*`],
  },
  { actions: ["iam:PassRole"], resources: [schedulerRole.arn] },
];
