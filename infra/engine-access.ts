import { secretsKey } from "./kms";
import { stepQueue } from "./queues";
import { scheduleGroup, schedulerRole } from "./scheduler";
import { ENGINE_ACTIONS, type EngineEnvironmentKey } from "./settings";
import { table } from "./table";
import { webhookQueue } from "./webhooks";

/**
 * What every function that touches runs needs: the settings core/config.ts reads, and the permissions for
 * them (the table and queues by link, the rest by explicit statements on this stage's resources only).
 */
export const engineEnvironment = {
  TABLE_NAME: table.name,
  STEP_QUEUE_URL: stepQueue.url,
  STEP_QUEUE_ARN: stepQueue.arn,
  WEBHOOK_QUEUE_URL: webhookQueue.url,
  SCHEDULE_GROUP: scheduleGroup.name,
  SCHEDULER_ROLE_ARN: schedulerRole.arn,
  KMS_KEY_ID: secretsKey.arn,
} satisfies Record<EngineEnvironmentKey, unknown>;

export const engineLinks = [table, stepQueue, webhookQueue];

export const enginePermissions = [
  { actions: [...ENGINE_ACTIONS.secretsKey], resources: [secretsKey.arn] },
  {
    actions: [...ENGINE_ACTIONS.schedules],
    resources: [$interpolate`arn:aws:scheduler:*:*:schedule/${scheduleGroup.name}/*`],
  },
  { actions: [...ENGINE_ACTIONS.schedulerRole], resources: [schedulerRole.arn] },
];

/** One Lambda of the engine, from its settings, with the engine's environment and permissions. */
export function engineFunction(
  settings: { handler: string; memoryMb: number; timeoutSeconds: number },
  extraEnvironment: Record<string, unknown> = {},
) {
  return {
    handler: settings.handler,
    runtime: "nodejs22.x" as const,
    architecture: "arm64" as const,
    memory: `${settings.memoryMb} MB` as const,
    timeout: `${settings.timeoutSeconds} seconds` as const,
    link: engineLinks,
    environment: { ...engineEnvironment, ...extraEnvironment },
    permissions: enginePermissions,
  };
}
