import { isoAt } from "../ports/clock";
import type { Deps } from "../ports/deps";
import { generateToken, hashToken } from "../security/secret-tokens";

/** A dashboard session lasts a working day; the dashboard signs in again after that. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const SESSION_TOKEN_PREFIX = "wds_";

/** Opens a session for the account and returns its token, which is shown once and stored only as a hash. */
export async function startSession(deps: Pick<Deps, "store" | "clock">, accountId: string): Promise<string> {
  const token = generateToken(SESSION_TOKEN_PREFIX);
  const expiresAt = isoAt(deps.clock.nowMs() + SESSION_TTL_MS);
  await deps.store.sessions.create(hashToken(token), { accountId, expiresAt });
  return token;
}
