import type { RunTransition } from "../domain/run-change";
import { StepRunStatus } from "../domain/statuses";
import type { Deps } from "../ports/deps";
import type { TransactItem } from "../store/transact";

/**
 * When a run is cancelled or superseded, its running or waiting step is cancelled with it, and an approval
 * it waits on expires, so the inbox stops offering a decision nobody can act on any more.
 */
export async function endActiveStep(deps: Pick<Deps, "store">, tx: RunTransition): Promise<TransactItem[]> {
  const active = tx.run.active;
  if (!active) return [];
  const status = active.stepRun.status;
  if (status === StepRunStatus.Running || status === StepRunStatus.Waiting) {
    tx.setStepStatus(StepRunStatus.Cancelled, { completedAt: tx.now });
  }
  active.lease = null;
  const wait = active.wait;
  active.wait = null;
  active.retryAtMs = null;
  if (wait?.kind !== "approval") return [];
  const approval = await deps.store.approvals.get(tx.run.workspaceId, wait.approvalRequestId);
  return approval
    ? [deps.store.approvals.settleAction(tx.run.workspaceId, { ...approval, expiredAt: tx.now })]
    : [];
}
