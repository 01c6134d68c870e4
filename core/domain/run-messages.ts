/**
 * What travels on the step queue. A message is only a doorbell: "look at this run". Everything the engine
 * decides comes from the run's item in DynamoDB, so a message that arrives twice, late or never changes
 * nothing that the store does not already say (the sweeper rings for the ones that never arrive).
 */
export interface RunDoorbell {
  type: "run.advance";
  workspaceId: string;
  runId: string;
}

/**
 * A cron trigger's fire: "look at this trigger, whose fire of `fireAt` is due". The trigger item decides
 * whether it starts a run (core/triggers/fire-trigger.ts); the run's idempotency key makes a doubled fire
 * start one. Recurring schedules add `fireAt` to each delivery (ports/scheduler.ts).
 */
export interface TriggerFire {
  type: "trigger.fire";
  workspaceId: string;
  triggerId: string;
  /** The fire time (ISO 8601); absent, the trigger's latest due fire time. */
  fireAt?: string;
}

export type EngineMessage = RunDoorbell | TriggerFire;

export function runDoorbell(workspaceId: string, runId: string): RunDoorbell {
  return { type: "run.advance", workspaceId, runId };
}

export function triggerFire(workspaceId: string, triggerId: string): TriggerFire {
  return { type: "trigger.fire", workspaceId, triggerId };
}
