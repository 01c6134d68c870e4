import type { RunCommit } from "../domain/run-commit";
import { webhookDispatch } from "../domain/webhook-messages";
import type { Deps } from "../ports/deps";

/**
 * Sent after a run's commit that wrote the webhook outbox: the dispatch message for its journal item.
 * Never throws: the commit already holds the outbox entry, so a message lost here is sent again by the
 * webhook sweeper, and the operation that committed must not fail for it.
 */
export async function announceRunEvents(
  deps: Pick<Deps, "webhookQueue" | "log">,
  commit: RunCommit,
): Promise<void> {
  const { outboxSeq } = commit;
  if (outboxSeq === undefined) return;
  const { workspaceId, id: runId } = commit.run;
  try {
    await deps.webhookQueue.send(webhookDispatch(workspaceId, runId, outboxSeq));
  } catch (error) {
    deps.log.warn({ err: error, workspaceId, runId }, "webhook dispatch not sent; the webhook sweeper will");
  }
}
