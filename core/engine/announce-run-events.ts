import type { RunCommit } from "../domain/run-commit";
import { runEventDispatch } from "../domain/run-event-messages";
import type { Deps } from "../ports/deps";

/**
 * Sent after a run's commit that wrote the run-event outbox: the dispatch message for its journal item, on
 * the run-event queue, whose worker hands the events to webhook deliveries and approver mail
 * (core/run-events/). Never throws: the commit already holds the outbox entry, so a message lost here is sent
 * again by the run-event sweeper, and the operation that committed must not fail for it.
 */
export async function announceRunEvents(
  deps: Pick<Deps, "runEventQueue" | "log">,
  commit: RunCommit,
): Promise<void> {
  const { outboxSeq } = commit;
  if (outboxSeq === undefined) return;
  const { workspaceId, id: runId } = commit.run;
  try {
    await deps.runEventQueue.send(runEventDispatch(workspaceId, runId, outboxSeq));
  } catch (error) {
    deps.log.warn(
      { err: error, workspaceId, runId },
      "run-event dispatch not sent; the run-event sweeper will",
    );
  }
}
