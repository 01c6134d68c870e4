import { NotFoundError } from "../domain/errors";
import type { ThreadMessage } from "../domain/thread";
import type { Deps } from "../ports/deps";

/**
 * A page of a thread's messages, oldest first (docs/agents.md, "Threads"): the count from the thread's head,
 * then one range of its messages, so page N reads what page 1 does. A thread nothing was added to, or another
 * workspace's, is not found.
 */
export async function threadPage(
  deps: Pick<Deps, "store">,
  workspaceId: string,
  threadId: string,
  page: { page: number; pageSize: number },
): Promise<{ messages: ThreadMessage[]; total: number }> {
  const total = await deps.store.threads.size(workspaceId, threadId);
  if (total === 0) throw new NotFoundError("Thread");
  const from = (page.page - 1) * page.pageSize + 1;
  const to = Math.min(total, page.page * page.pageSize);
  return { messages: await deps.store.threads.range(workspaceId, threadId, from, to), total };
}

/** Deletes the thread and its messages; a run that names it later starts a new one. */
export async function deleteThread(deps: Pick<Deps, "store">, workspaceId: string, threadId: string) {
  if (!(await deps.store.threads.delete(workspaceId, threadId))) throw new NotFoundError("Thread");
}
