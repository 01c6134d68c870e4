import { randomBytes } from "node:crypto";
import type { AccountUser, SignupInput } from "../domain/account";
import type { CreatedApiKey } from "../domain/api-key";
import { slugify, type Workspace, type WorkspaceRecord } from "../domain/workspace";
import { ConflictError } from "../errors";
import { isoAt } from "../ports/clock";
import type { Deps } from "../ports/deps";
import { issueApiKey } from "../security/issue-api-key";
import { hashPassword } from "../security/passwords";
import { startSession } from "./session";

/** A slug we derived ourselves may collide; a few random suffixes make a second collision unlikely. */
const DERIVED_SLUG_ATTEMPTS = 3;

export interface SignUpResult {
  user: AccountUser;
  workspace: Workspace;
  apiKey: CreatedApiKey;
  token: string;
}

/** Creates an account with its first workspace and first API key, and signs it in. */
export async function signUp(
  deps: Pick<Deps, "store" | "clock" | "ids">,
  input: SignupInput,
): Promise<SignUpResult> {
  const now = isoAt(deps.clock.nowMs());
  const account = {
    id: deps.ids("account"),
    email: input.email,
    passwordHash: await hashPassword(input.password),
    createdAt: now,
  };
  const workspaceId = deps.ids("workspace");
  const { record: apiKey, created } = issueApiKey(deps, workspaceId, "Default key");

  for (let attempt = 0; ; attempt++) {
    const slug = input.workspaceSlug ?? derivedSlug(input.workspaceName, attempt);
    const workspace: WorkspaceRecord = {
      id: workspaceId,
      name: input.workspaceName,
      slug,
      ownerAccountId: account.id,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await deps.store.accounts.createWithWorkspace({ account, workspace, apiKey });
    } catch (error) {
      const retry =
        error instanceof ConflictError && !input.workspaceSlug && attempt + 1 < DERIVED_SLUG_ATTEMPTS;
      if (retry && error.message.includes("slug")) continue;
      throw error;
    }
    const { passwordHash: _, ...user } = account;
    const { ownerAccountId: __, ...publicWorkspace } = workspace;
    return { user, workspace: publicWorkspace, apiKey: created, token: await startSession(deps, account.id) };
  }
}

function derivedSlug(workspaceName: string, attempt: number): string {
  const base = slugify(workspaceName);
  return attempt === 0 ? base : `${base}-${randomBytes(3).toString("hex")}`;
}
