import { addToLedger, rollupDue, takeRollup } from "../domain/cost-ledger";
import type { AttemptCost } from "../domain/cost-record";
import { RunTransition } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import type { Deps } from "../ports/deps";
import type { RunChange, RunsStore } from "../ports/store";

type CostCommitDeps = Pick<Deps, "clock" | "log" | "ids"> & { store: Pick<RunsStore, "runs"> };

/** Tries of a commit that only adds costs to a run, each after re-reading it; a loss means it moved meanwhile. */
const COST_COMMIT_TRIES = 10;

/**
 * Commits a run change the way every commit carries costs (docs/data-model.md, "Rollups, and why"): the calls
 * of the attempt it ends (`change.cost`) are added to the run's unrolled sums, and those sums go with the commit
 * to the workspace's rollups when it is due (the run stops, or they are a minute old or many). The run item is
 * the ledger: it is written once, at its expected version, so whoever commits, a call is counted once. When
 * only a shared rollup item lost (another run's rollup on the same day item), the change commits again without
 * its rollup: the sums stay in the run, whose sweep entry (domain/run-due.ts) rings it until they are rolled up.
 * The change's run is edited in place: the caller holds the run as written.
 */
export async function commitWithCosts(
  deps: CostCommitDeps,
  change: RunChange,
  options: { rollupOnly?: boolean } = {},
): Promise<{ kind: "committed" } | { kind: "conflict" }> {
  const { run } = change.commit;
  const nowMs = deps.clock.nowMs();
  if (change.cost) addToLedger(run, change.cost, nowMs);
  const taken = rollupDue(run, nowMs) ? takeRollup(run) : undefined;
  if (!taken) return committedOrNot(await deps.store.runs.commit(change));
  const outcome = await deps.store.runs.commit({ ...change, rollup: taken.rollup });
  if (outcome.kind !== "rollup-conflict") return committedOrNot(outcome);
  taken.restore();
  deps.log.info({ runId: run.id }, "cost rollup lost to another on a shared item; the run keeps its sums");
  if (options.rollupOnly) return { kind: "conflict" };
  return committedOrNot(await deps.store.runs.commit(change));
}

function committedOrNot(outcome: { kind: string }): { kind: "committed" } | { kind: "conflict" } {
  return outcome.kind === "committed" ? { kind: "committed" } : { kind: "conflict" };
}

/**
 * Adds the calls of an attempt whose commit was lost (the run was cancelled meanwhile, or another worker took the
 * step over) to the run all the same, since they were paid for: a commit of the run that changes nothing else,
 * tried again on the run as re-read while others win. A stopped run rolls them up in that commit. Best effort: a
 * process that dies before it lands leaves the calls in their record (the run's cost) but out of the rollups.
 */
export async function addLostCost(deps: CostCommitDeps, cost: AttemptCost): Promise<void> {
  try {
    await commitCostsOnly(deps, cost.workspaceId, cost.workflowRunId, (run, nowMs) => {
      addToLedger(run, cost, nowMs);
      return true;
    });
  } catch (error) {
    // The engine goes on: the lost commit's outcome is decided again from the run as it is.
    deps.log.warn({ err: error, costId: cost.id }, "could not add a lost attempt's costs to its run");
  }
}

/**
 * Rolls up the unrolled sums of a stopped run (its commit's rollup lost to another, or it stopped in a
 * commit that carried none): a commit of the run that changes nothing else. Another loss leaves them for the
 * next ring.
 */
export async function rollUpRunCosts(deps: CostCommitDeps, run: RunRecord): Promise<void> {
  await commitCostsOnly(
    deps,
    run.workspaceId,
    run.id,
    (read, nowMs) => read.costLedger !== undefined && rollupDue(read, nowMs),
    run,
  );
}

async function commitCostsOnly(
  deps: CostCommitDeps,
  workspaceId: string,
  runId: string,
  edit: (run: RunRecord, nowMs: number) => boolean,
  first?: RunRecord,
): Promise<void> {
  let run = first ?? (await deps.store.runs.get(workspaceId, runId));
  for (let attempt = 0; run && attempt < COST_COMMIT_TRIES; attempt++) {
    const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
    // Nothing the run's readers see changes.
    tx.run.updatedAt = run.updatedAt;
    if (!edit(tx.run, tx.nowMs)) return;
    const rollupOnly = first !== undefined;
    const commit = tx.finish();
    const outcome = await commitWithCosts(deps, { commit }, { rollupOnly });
    if (outcome.kind === "committed") return;
    if (rollupOnly) return;
    run = await deps.store.runs.get(workspaceId, runId);
  }
  if (run) deps.log.warn({ runId }, "could not add costs to the run; they stay out of the rollups");
}
