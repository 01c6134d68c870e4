import type { AccountUser, LoginInput } from "../domain/account";
import { AuthError } from "../domain/errors";
import type { Workspace } from "../domain/workspace";
import type { Deps } from "../ports/deps";
import { hashPassword, verifyPassword } from "./passwords";
import { startSession } from "./session";

export interface LogInResult {
  user: AccountUser;
  workspaces: Workspace[];
  token: string;
}

/**
 * An unknown email costs the same scrypt work as a wrong password, so response time does not tell an
 * attacker which emails have accounts.
 */
let decoyHash: Promise<string> | undefined;

export async function logIn(deps: Pick<Deps, "store" | "clock">, input: LoginInput): Promise<LogInResult> {
  const account = await deps.store.accounts.findByEmail(input.email);
  decoyHash ??= hashPassword("decoy password, never matches");
  const valid = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash));
  if (!account || !valid) throw new AuthError("Invalid email or password");

  const workspaces = await deps.store.accounts.workspaces(account.id);
  return {
    user: { id: account.id, email: account.email, createdAt: account.createdAt },
    workspaces: workspaces.map(({ ownerAccountId: _, ...workspace }) => workspace),
    token: await startSession(deps, account.id),
  };
}
