/**
 * What travels on the step queue. A message is only a doorbell: "look at this run". Everything the engine
 * decides comes from the run as stored, so a message that arrives twice, late or never changes
 * nothing that the store does not already say (the sweeper rings for the ones that never arrive).
 */
export interface RunDoorbell {
  type: "run.advance";
  workspaceId: string;
  runId: string;
  /**
   * The run's priority, 0–9 (absent: DEFAULT_DOORBELL_PRIORITY): within one workspace, the local queue hands
   * out higher ones first. Optional, so doorbells sent before it existed still parse.
   */
  priority?: number;
}

/** The priority of a doorbell that names none (a run's default priority). */
export const DEFAULT_DOORBELL_PRIORITY = 5;

/**
 * A cron trigger's fire: "look at this trigger, whose fire of `fireAt` is due". The stored trigger decides
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

export function runDoorbell(workspaceId: string, runId: string, priority?: number): RunDoorbell {
  return { type: "run.advance", workspaceId, runId, ...(priority === undefined ? {} : { priority }) };
}

/** A message's priority in its workspace's turn: a doorbell's own, else the default (a cron fire). */
export function messagePriority(message: EngineMessage): number {
  const priority = message.type === "run.advance" ? message.priority : undefined;
  return priority !== undefined && Number.isInteger(priority) && priority >= 0 && priority <= 9
    ? priority
    : DEFAULT_DOORBELL_PRIORITY;
}

export function triggerFire(workspaceId: string, triggerId: string): TriggerFire {
  return { type: "trigger.fire", workspaceId, triggerId };
}
