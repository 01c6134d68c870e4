import { randomBytes } from "node:crypto";
import type { AccountUser, SignupInput } from "../domain/account";
import type { CreatedApiKey } from "../domain/api-key";
import { ConflictError } from "../domain/errors";
import { inviteRejectedError, isRedeemable } from "../domain/invite";
import { isoAt } from "../domain/time";
import { slugify, type Workspace, type WorkspaceRecord } from "../domain/workspace";
import type { Deps } from "../ports/deps";
import type { InviteRedemption } from "../ports/store";
import { hashToken } from "../security/secret-tokens";
import { issueApiKey } from "./issue-api-key";
import { hashPassword } from "./passwords";
import { startSession } from "./session";

/** A slug we derived ourselves may collide; a few random suffixes make a second collision unlikely. */
const DERIVED_SLUG_ATTEMPTS = 3;

export interface SignUpResult {
  user: AccountUser;
  workspace: Workspace;
  apiKey: CreatedApiKey;
  token: string;
}

/**
 * Creates an account with its first workspace and first API key, and signs it in. Under SIGNUP_MODE=invite
 * it also uses up the invite; SIGNUP_MODE=closed is refused by the route before the body is read.
 */
export async function signUp(
  deps: Pick<Deps, "store" | "clock" | "ids" | "config">,
  input: SignupInput,
): Promise<SignUpResult> {
  const now = isoAt(deps.clock.nowMs());
  const accountId = deps.ids("account");
  const invite =
    deps.config.SIGNUP_MODE === "invite"
      ? await checkInvite(deps, input.inviteCode, accountId, now)
      : undefined;
  const account = {
    id: accountId,
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
      await deps.store.accounts.createWithWorkspace({ account, workspace, apiKey, invite });
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

/**
 * Refuses a bad code before the password's slow hash is paid for; the sign-up transaction checks again, so
 * of two sign-ups racing with one code only one commits.
 */
async function checkInvite(
  deps: Pick<Deps, "store">,
  code: string | undefined,
  accountId: string,
  now: string,
): Promise<InviteRedemption> {
  if (!code) throw inviteRejectedError();
  const codeHash = hashToken(code);
  if (!isRedeemable(await deps.store.invites.get(codeHash), now)) throw inviteRejectedError();
  return { codeHash, accountId, usedAt: now };
}

function derivedSlug(workspaceName: string, attempt: number): string {
  const base = slugify(workspaceName);
  return attempt === 0 ? base : `${base}-${randomBytes(3).toString("hex")}`;
}
