import { runDoorbell } from "../domain/run-messages";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";
import type { SweepStore } from "../ports/store";

/** A run's own doorbell normally rings on time; the sweeper steps in only for those overdue by this much. */
export const SWEEP_GRACE_MS = 2 * 60 * 1000;

/**
 * Re-rings the doorbell of every run that is overdue: a lost queue message, a schedule that never fired, a
 * worker that died holding a lease. Each run's next due time is kept in the sweep index by every commit, so
 * this finds them without scanning anything else. Ringing a run that did not need it does nothing.
 */
export async function sweepOverdueRuns(
  deps: Pick<Deps, "queue" | "clock" | "log"> & { store: Pick<SweepStore, "runs"> },
  options: { graceMs?: number; dueBy?: string } = {},
): Promise<number> {
  const dueBy = options.dueBy ?? isoAt(deps.clock.nowMs() - (options.graceMs ?? SWEEP_GRACE_MS));
  let rung = 0;
  for await (const { workspaceId, runId } of deps.store.runs.overdue(dueBy)) {
    await deps.queue.send(runDoorbell(workspaceId, runId));
    rung += 1;
  }
  if (rung > 0) deps.log.info({ rung, dueBy }, "sweeper rang overdue runs");
  return rung;
}
