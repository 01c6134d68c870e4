import type { Context } from "hono";
import { AuthError } from "../domain/errors";
import type { Identity, StartedWith } from "../domain/identity";
import type { Store } from "../ports/store";
import type { WorkspaceEnv } from "./env";

type Accounts = { store: Pick<Store, "accounts" | "apiKeys"> };

/**
 * Who is calling, as the service verified it: under the dashboard API the signed-in account (its address
 * read now), under /v1 the API key, with its name as it stands (docs/approvals.md, "What each path proves").
 */
export async function callerIdentity(deps: Accounts, c: Context<WorkspaceEnv>): Promise<Identity> {
  const session = await sessionCredential(deps, c);
  if (session) return session;
  const key = await deps.store.apiKeys.get(c.var.workspaceId, c.var.apiKeyId);
  // Revoked since its lookup a moment ago: refused as it would be now.
  if (!key) throw new AuthError("Invalid or revoked API key");
  return { kind: "api-key", id: key.id, name: key.name };
}

/** The credential a run is created with: the signed-in account, or the API key (by id: nothing more read). */
export async function callerCredential(deps: Accounts, c: Context<WorkspaceEnv>): Promise<StartedWith> {
  return (await sessionCredential(deps, c)) ?? { kind: "api-key", id: c.var.apiKeyId };
}

async function sessionCredential(deps: Accounts, c: Context<WorkspaceEnv>) {
  const { accountId } = c.var;
  if (accountId === undefined) return undefined;
  const account = await deps.store.accounts.get(accountId);
  if (!account) throw new AuthError("Invalid or expired session");
  return { kind: "session" as const, id: account.id, email: account.email };
}
