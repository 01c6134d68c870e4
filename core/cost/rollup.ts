import type { AttemptCost } from "../domain/cost-record";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";
import type { RunsStore } from "../ports/store";

type RollupDeps = Pick<Deps, "clock" | "log" | "random"> & {
  store: Pick<RunsStore, "costs" | "costRollups">;
};

const ROLLUP_TRIES = 5;
/** Pending records rolled up by one summary request; more than this means rollups have been failing. */
const PENDING_PER_SUMMARY = 1000;

/**
 * Adds one attempt's calls to the workspace's rollups, idempotently: the run markers are idempotent puts,
 * and the totals move in a transaction conditional on the record still being pending. A transaction that
 * loses to a concurrent one (every call of a workspace adds to the same day item) is tried again.
 * @returns false when it kept losing; the record then stays pending for the next sweep.
 */
export async function rollUpCost(
  deps: RollupDeps,
  cost: AttemptCost,
  options: { afterCommit?: boolean } = {},
): Promise<boolean> {
  // Right after the commit, a run already marked for the day was counted by whoever marked it, or that
  // record is still pending and its sweep (a full markRun) counts it: no all-time transaction per step. A
  // count that lost a race is retried in full, since this record's own marker is there by then.
  let onlyOnNewDay = options.afterCommit === true;
  for (let attempt = 0; attempt < ROLLUP_TRIES; attempt++) {
    if (attempt > 0) await pause(deps, attempt);
    if ((await deps.store.costRollups.markRun(cost, { onlyOnNewDay })) === "conflict") {
      onlyOnNewDay = false;
      continue;
    }
    if ((await deps.store.costRollups.rollUp(cost, isoAt(deps.clock.nowMs()))) !== "conflict") return true;
  }
  return false;
}

/**
 * Records and rolls up costs that no run commit takes (a replay's calls: core/llm/replay-step.ts), on their own:
 * the record is put pending, then rolled up. A run's attempts go through its commits instead
 * (core/engine/commit-costs.ts). Best effort: a failure leaves the record pending, and the summary's sweep
 * (`rollUpPendingCosts`) finishes it, so nothing here may fail its caller.
 */
export async function settleAttemptCost(deps: RollupDeps, cost: AttemptCost): Promise<void> {
  try {
    await deps.store.costs.put(cost);
    if (!(await rollUpCost(deps, cost, { afterCommit: true })))
      deps.log.warn({ costId: cost.id }, "cost rollup deferred to the sweep");
  } catch (error) {
    deps.log.warn({ err: error, costId: cost.id }, "cost rollup failed; deferred to the sweep");
  }
}

/**
 * Rolls up the workspace's records that are still pending (the sparse gsi2 entry: put on their own, or written
 * by the engine before runs kept their sums), so the rollups the summary reads count them. Normally there are
 * none, and reading that is one query of an empty index partition.
 */
export async function rollUpPendingCosts(deps: RollupDeps, workspaceId: string): Promise<number> {
  const pending = await deps.store.costs.pending(workspaceId, PENDING_PER_SUMMARY);
  let rolled = 0;
  for (const cost of pending) if (await rollUpCost(deps, cost)) rolled += 1;
  if (pending.length > 0)
    deps.log.info({ workspaceId, pending: pending.length, rolled }, "swept pending costs");
  return rolled;
}

function pause(deps: Pick<Deps, "clock" | "random">, attempt: number): Promise<void> {
  return deps.clock.sleep(Math.min(20 * 2 ** attempt, 500) * (0.5 + deps.random()));
}
