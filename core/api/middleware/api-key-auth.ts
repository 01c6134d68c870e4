import type { Context, MiddlewareHandler, Next } from "hono";
import { API_KEY_PREFIX, hashApiKey } from "../../auth/api-key-secret";
import { AuthError } from "../../domain/errors";
import { RecentlyUsed } from "../../domain/recently-used";
import { isoAt } from "../../domain/time";
import type { Deps } from "../../ports/deps";
import type { ApiKeyLookup } from "../../ports/store";
import type { WorkspaceEnv } from "../env";

/** lastUsedAt is kept to the minute: exact enough to spot an unused key, cheap enough to keep on every key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const REFUSED = "Invalid or revoked API key";

/** How many keys an instance remembers the workspace of: about 200 bytes each, so a few MB at most. */
export const KNOWN_KEYS_MAX = 10_000;

interface KnownKey {
  workspaceId: string;
  apiKeyId: string;
}

/**
 * Authenticates `x-api-key` with one strongly consistent read of the key's lookup item on every request, so
 * a key revoked a moment ago is refused now, and confines the request to the key's workspace. That read is
 * the only DynamoDB call of authentication the request waits for.
 *
 * A key never changes workspace: its lookup item is written once and only ever deleted. So a GET (every GET
 * route only reads) of a key this instance has seen confirmed does not wait for the lookup before it
 * starts: the route runs at once in the workspace remembered for the key, so its read goes to DynamoDB with
 * the lookup, as one BatchGetItem. Its answer is sent only once the lookup
 * confirms the key in that workspace; otherwise the answer is dropped whole, body and headers, the request
 * is refused as any other, and the key is forgotten, so its next request waits for its lookup again.
 *
 * A request `startsBeforeLookup` names (a route that writes, and holds its writes until `keyConfirmed`
 * settles) starts ahead the same way.
 */
export function apiKeyAuth(
  deps: Pick<Deps, "store" | "clock">,
  options: { startsBeforeLookup?: (c: Context<WorkspaceEnv>) => boolean } = {},
): MiddlewareHandler<WorkspaceEnv> {
  /** By key hash, the workspace of the keys a lookup confirmed most recently. */
  const known = new RecentlyUsed<string, KnownKey>(KNOWN_KEYS_MAX);
  /** Keys whose use this instance is recording now: concurrent requests of one key send one write. */
  const recording = new Set<string>();

  function enter(c: Context<WorkspaceEnv>, key: KnownKey): void {
    c.set("workspaceId", key.workspaceId);
    c.set("apiKeyId", key.apiKeyId);
    c.set("log", c.var.log.child({ workspaceId: key.workspaceId }));
  }

  function confirmed(c: Context<WorkspaceEnv>, keyHash: string, lookup: ApiKeyLookup): void {
    known.set(keyHash, { workspaceId: lookup.workspaceId, apiKeyId: lookup.apiKeyId });
    const nowMs = deps.clock.nowMs();
    const lastUsedMs = lookup.lastUsedAt ? Date.parse(lookup.lastUsedAt) : 0;
    if (nowMs - lastUsedMs < LAST_USED_RESOLUTION_MS || recording.has(keyHash)) return;
    recording.add(keyHash);
    // Bookkeeping the answer does not depend on: the request does not wait for it, and a failed write
    // only leaves lastUsedAt a minute older, until the key's next use records it.
    const log = c.var.log;
    void deps.store.apiKeys
      .recordUse(keyHash, lookup, isoAt(nowMs), isoAt(nowMs - LAST_USED_RESOLUTION_MS))
      .catch((error: unknown) => log.warn({ err: error }, "lastUsedAt not recorded"))
      .finally(() => recording.delete(keyHash));
  }

  async function ahead(c: Context<WorkspaceEnv>, next: Next, keyHash: string, remembered: KnownKey) {
    const lookup = deps.store.apiKeys.findByHash(keyHash).then((found) => {
      if (!found || found.workspaceId !== remembered.workspaceId) throw new AuthError(REFUSED);
      return found;
    });
    const keyConfirmed = lookup.then(() => {});
    // Awaited by the route if it writes, and settled below either way: a route that fails first leaves it alone.
    keyConfirmed.catch(() => {});
    enter(c, remembered);
    c.set("keyConfirmed", keyConfirmed);
    const [found, answered] = await Promise.allSettled([lookup, next()]);
    if (found.status === "rejected") {
      known.delete(keyHash);
      // Nothing of the answer leaves: a stream it started stops, and a response set afresh takes no
      // header of the one before it (Hono's `c.res` setter merges them otherwise).
      await c.res.body?.cancel();
      c.res = undefined;
      c.res = new Response(null);
      throw found.reason;
    }
    confirmed(c, keyHash, found.value);
    if (answered.status === "rejected") throw answered.reason;
  }

  return async function apiKeyAuthMiddleware(c, next) {
    const key = c.req.header("x-api-key");
    if (!key) throw new AuthError("Missing x-api-key header");
    if (!key.startsWith(API_KEY_PREFIX)) throw new AuthError(REFUSED);

    const keyHash = hashApiKey(key);
    const goesAhead = c.req.method === "GET" || options.startsBeforeLookup?.(c) === true;
    const remembered = goesAhead ? known.get(keyHash) : undefined;
    if (remembered) return ahead(c, next, keyHash, remembered);

    const lookup = await deps.store.apiKeys.findByHash(keyHash);
    if (!lookup) throw new AuthError(REFUSED);
    enter(c, lookup);
    confirmed(c, keyHash, lookup);
    await next();
  };
}
