import type { RunCommit } from "../domain/run-change";
import type { Deps } from "../ports/deps";
import { announceWebhookEvents } from "../webhooks/announce";
import { scheduleWake } from "./wake";

/**
 * What follows a committed change of a run, wherever it was made (a worker, an API operation, a run's
 * creation): the wake-up its timers need, and the webhook dispatch of the events it announced. Whatever is
 * lost here if the process dies is found again by the sweepers, because the commit itself recorded it.
 */
export async function afterCommit(
  deps: Pick<Deps, "queue" | "scheduler" | "clock"> & Partial<Pick<Deps, "webhookQueue" | "log">>,
  commits: readonly RunCommit[],
): Promise<void> {
  for (const commit of commits) {
    await scheduleWake(deps, commit.run);
    await announceWebhookEvents(deps, commit);
  }
}
