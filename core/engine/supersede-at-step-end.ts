import type { RunTransition } from "../domain/run-change";
import { LIVE_RUN_STATUSES, RunStatus } from "../domain/statuses";
import type { RunsStore } from "../ports/store";
import { endActiveStep } from "./end-active-step";
import { combineEffects, type OutcomeEffects } from "./rules/outcome-effects";

/**
 * A run superseded `after_current_step` while executing a step (RunRecord.supersedeAfterStep) ends when that
 * step's attempt has ended, in the same transition as its outcome: the step keeps what it came to (COMPLETED,
 * or FAILED without its retry), and the run ends SUPERSEDED instead of going on. An outcome that made the step
 * wait (a timer, a signal, an approval, child runs) is cancelled with it, and what it would have started (the
 * approval request, the child runs) is not. A step that ended the run (its last step, or a failure with no
 * retry left) leaves it as it ended.
 */
export async function supersedeAtStepEnd(
  deps: { store: RunsStore },
  tx: RunTransition,
  effects: OutcomeEffects,
): Promise<OutcomeEffects> {
  const pending = tx.run.supersedeAfterStep;
  if (!pending) return effects;
  delete tx.run.supersedeAfterStep;
  if (!LIVE_RUN_STATUSES.includes(tx.run.status)) return effects;
  tx.setRunStatus(RunStatus.Superseded);
  const { createApproval: _, launchChildren: __, ...kept } = effects;
  const settled = await endActiveStep(deps, tx);
  tx.record("WORKFLOW_SUPERSEDED", { supersededBy: pending.by });
  return settled ? combineEffects(kept, { expireApproval: { id: settled.id, decision: null } }) : kept;
}
