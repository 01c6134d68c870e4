import { BoundExceeded } from "../domain/limits";
import { RunTransition } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import type { Deps } from "../ports/deps";
import type { RunChange } from "../ports/store";
import { type CommitDeps, commitRun, finishTransition } from "./commit-run";
import { failForGood } from "./rules/apply-outcome";
import type { OutcomeEffects } from "./rules/outcome-effects";

export type TransitionDeps = CommitDeps & Pick<Deps, "ids">;

/**
 * Commits a worker's transition with the writes its outcome calls for, through the commit pipeline. On a
 * lost race it returns the run as it now is, so the worker decides again. A change the store refuses for
 * its size is replaced by one that fails the run from where it stood, without the oversized data, since
 * committing it again could only fail again.
 */
export async function commitTransition(
  deps: TransitionDeps,
  tx: RunTransition,
  effects: OutcomeEffects,
  before: RunRecord,
): Promise<RunRecord | undefined> {
  try {
    return await commitAsIs(deps, tx, effects, before);
  } catch (error) {
    if (!(error instanceof BoundExceeded)) throw error;
    deps.log.warn(
      { runId: before.id, code: error.code, reason: error.message },
      "change out of bounds; failing the run",
    );
    const failure = new RunTransition(before, deps.clock.nowMs(), deps.ids);
    failForGood(failure, error.message, error.code);
    return commitAsIs(deps, failure, effects.cost ? { cost: effects.cost } : {}, before);
  }
}

async function commitAsIs(
  deps: TransitionDeps,
  tx: RunTransition,
  effects: OutcomeEffects,
  before: RunRecord,
): Promise<RunRecord | undefined> {
  const change: RunChange = { commit: await finishTransition(deps, tx) };
  if (effects.createApproval) change.openApproval = effects.createApproval;
  const expiring = effects.expireApproval;
  if (expiring) {
    const approval = await deps.store.approvals.get(before.workspaceId, expiring.id, before);
    const decided = expiring.decision && { decision: expiring.decision, decidedAt: tx.now };
    if (approval) change.settleApproval = { ...approval, expiredAt: tx.now, ...decided };
  }
  const escalating = effects.escalateApproval;
  if (escalating) {
    const approval = await deps.store.approvals.get(before.workspaceId, escalating.id, before);
    if (approval) change.settleApproval = { ...approval, escalatedTo: escalating.assignees };
  }
  if (effects.cost) change.cost = effects.cost;
  const { launchChildren, tellChildren } = effects;
  const outcome = await commitRun(deps, change, {
    ...(launchChildren && { launchChildren }),
    ...(tellChildren && { tellChildren }),
  });
  if (outcome.kind === "committed") return change.commit.run;
  deps.log.debug({ runId: before.id, version: before.version }, "lost a race on the run; re-reading");
  return deps.store.runs.get(before.workspaceId, before.id);
}
