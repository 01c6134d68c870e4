import type { AccountUser } from "../domain/account";
import { AuthError } from "../domain/errors";
import type { Workspace } from "../domain/workspace";
import type { Deps } from "../ports/deps";
import type { ActiveSession } from "./session";

export interface SessionDescription {
  user: AccountUser;
  workspaces: Workspace[];
  expiresAt: string;
}

/** GET /dashboard/api/session: who is signed in, the workspaces they may select, and when the session ends. */
export async function describeSession(
  deps: Pick<Deps, "store">,
  session: ActiveSession,
): Promise<SessionDescription> {
  const account = await deps.store.accounts.get(session.accountId);
  if (!account) throw new AuthError("Invalid or expired session");
  const workspaces = await deps.store.accounts.workspaces(account.id);
  return {
    user: { id: account.id, email: account.email, createdAt: account.createdAt },
    workspaces: workspaces.map(({ ownerAccountId: _, ...workspace }) => workspace),
    expiresAt: session.expiresAt,
  };
}
