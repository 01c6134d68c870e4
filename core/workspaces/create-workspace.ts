import { isoAt } from "../domain/time";
import type { WorkspaceRecord } from "../domain/workspace";
import type { Deps } from "../ports/deps";

/**
 * A further workspace for the calling key's owner (spec 4.2); the store refuses a taken slug, even to a
 * concurrent creation, with a 409.
 */
export async function createWorkspace(
  deps: Pick<Deps, "store" | "clock" | "ids">,
  input: { name: string; slug: string; ownerAccountId: WorkspaceRecord["ownerAccountId"] },
): Promise<WorkspaceRecord> {
  const now = isoAt(deps.clock.nowMs());
  const workspace: WorkspaceRecord = { id: deps.ids("workspace"), ...input, createdAt: now, updatedAt: now };
  await deps.store.workspaces.create(workspace);
  return workspace;
}
