import type { MiddlewareHandler } from "hono";
import { API_KEY_PREFIX, hashApiKey } from "../../auth/api-key-secret";
import { AuthError } from "../../domain/errors";
import { isoAt } from "../../domain/time";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";

/** lastUsedAt is kept to the minute: exact enough to spot an unused key, cheap enough to keep on every key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Authenticates `x-api-key` with one strongly consistent read of the key's lookup item, so a key revoked a
 * moment ago is refused now, and confines the request to the key's workspace. That read is the only
 * DynamoDB call of authentication the request waits for.
 */
export function apiKeyAuth(deps: Pick<Deps, "store" | "clock">): MiddlewareHandler<WorkspaceEnv> {
  /** Keys whose use this instance is recording now: concurrent requests of one key send one write. */
  const recording = new Set<string>();
  return async function apiKeyAuthMiddleware(c, next) {
    const key = c.req.header("x-api-key");
    if (!key) throw new AuthError("Missing x-api-key header");
    if (!key.startsWith(API_KEY_PREFIX)) throw new AuthError("Invalid or revoked API key");

    const keyHash = hashApiKey(key);
    const lookup = await deps.store.apiKeys.findByHash(keyHash);
    if (!lookup) throw new AuthError("Invalid or revoked API key");

    const nowMs = deps.clock.nowMs();
    const lastUsedMs = lookup.lastUsedAt ? Date.parse(lookup.lastUsedAt) : 0;
    c.set("workspaceId", lookup.workspaceId);
    c.set("apiKeyId", lookup.apiKeyId);
    c.set("log", c.var.log.child({ workspaceId: lookup.workspaceId }));

    if (nowMs - lastUsedMs >= LAST_USED_RESOLUTION_MS && !recording.has(keyHash)) {
      recording.add(keyHash);
      // Bookkeeping the answer does not depend on: the request does not wait for it, and a failed write
      // only leaves lastUsedAt a minute older, until the key's next use records it.
      const log = c.var.log;
      void deps.store.apiKeys
        .recordUse(keyHash, lookup, isoAt(nowMs), isoAt(nowMs - LAST_USED_RESOLUTION_MS))
        .catch((error: unknown) => log.warn({ err: error }, "lastUsedAt not recorded"))
        .finally(() => recording.delete(keyHash));
    }
    await next();
  };
}
