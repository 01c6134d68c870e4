import type { CreatedInvite } from "../domain/invite";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";
import { generateToken, hashToken } from "../security/secret-tokens";

/** A week: long enough to reach someone by e-mail, short enough that a forgotten code soon stops working. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_CODE_PREFIX = "winv_";

/** POST /v1/invites: a single-use sign-up code, returned once and stored only as its hash. */
export async function createInvite(deps: Pick<Deps, "store" | "clock">): Promise<CreatedInvite> {
  const code = generateToken(INVITE_CODE_PREFIX);
  const nowMs = deps.clock.nowMs();
  const expiresAt = isoAt(nowMs + INVITE_TTL_MS);
  await deps.store.invites.create(hashToken(code), { createdAt: isoAt(nowMs), expiresAt });
  return { code, expiresAt };
}
