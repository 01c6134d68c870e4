import type { ApprovalRequest } from "../domain/approval";
import { liveChildIds } from "../domain/child-runs";
import type { RunTransition } from "../domain/run-change";
import { StepRunStatus } from "../domain/statuses";
import type { RunsStore } from "../ports/store";

/**
 * When a run is cancelled or superseded, its running or waiting step is cancelled with it, the child runs it
 * waits for are to be cancelled, and an approval it waits on expires (returned, to be settled in the same
 * commit), so the inbox stops offering a decision nobody can act on any more.
 */
export async function endActiveStep(
  deps: { store: RunsStore },
  tx: RunTransition,
): Promise<ApprovalRequest | undefined> {
  const active = tx.run.active;
  if (!active) return undefined;
  const status = active.stepRun.status;
  if (status === StepRunStatus.Running || status === StepRunStatus.Waiting) {
    tx.setStepStatus(StepRunStatus.Cancelled, { completedAt: tx.now });
  }
  active.lease = null;
  // Its children are cancelled after the commit (and, should the process die first, by the run's next advance).
  tx.stopWaitingForChildren(liveChildIds(tx.run));
  const wait = active.wait;
  active.wait = null;
  active.retryAtMs = null;
  if (wait?.kind !== "approval") return undefined;
  const approval = await deps.store.approvals.get(tx.run.workspaceId, wait.approvalRequestId);
  return approval ? { ...approval, expiredAt: tx.now } : undefined;
}
