import { isoAt } from "../domain/time";
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

export interface ActiveSession {
  accountId: string;
  expiresAt: string;
}

/**
 * The live session a token opens, or undefined when the token is malformed, unknown, ended or expired. The
 * table's TTL removes expired items only eventually, so expiry is decided here, by the clock.
 */
export async function findSession(
  deps: Pick<Deps, "store" | "clock">,
  token: string,
): Promise<ActiveSession | undefined> {
  if (!token.startsWith(SESSION_TOKEN_PREFIX)) return undefined;
  const session = await deps.store.sessions.get(hashToken(token));
  if (!session || Date.parse(session.expiresAt) <= deps.clock.nowMs()) return undefined;
  return session;
}

/** Logout: deletes the session, so the token fails from the next request on. */
export async function endSession(deps: Pick<Deps, "store">, token: string): Promise<void> {
  await deps.store.sessions.delete(hashToken(token));
}
