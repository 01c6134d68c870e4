import type { EngineMessage } from "../domain/run-messages";

/**
 * One-shot timers: "send this message to the step queue at time T". EventBridge Scheduler `at()` schedules
 * in AWS (about a minute of precision, deleted after they fire), timers locally. Names are unique per
 * purpose, so scheduling the same name again replaces nothing and cancelling an unknown name is a no-op.
 */
export interface Scheduler {
  /** Idempotent for a given name: a second call with the same name succeeds without a second schedule. */
  schedule(name: string, atMs: number, message: EngineMessage): Promise<void>;
  /** Removes a pending schedule; no error when it has fired already or never existed. */
  cancel(name: string): Promise<void>;
}
