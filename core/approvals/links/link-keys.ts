import { randomBytes } from "node:crypto";
import type { Clock } from "../../ports/clock";
import type { KeyVault } from "../../ports/key-vault";
import type { Store } from "../../ports/store";

/** Decrypted keys kept per process: a link's use then costs no key-vault call after the first. */
const CACHED_KEYS = 1000;

/**
 * Workspaces found with no link key (unknown, or never issued a link), remembered so that a flood of tokens
 * naming them costs one store read per workspace a minute, not one a request (docs/limits.md). A key issued
 * here clears its entry at once; one issued by another instance is seen here within the TTL.
 */
const CACHED_MISSES = 1000;
const MISS_TTL_MS = 60_000;

/** The key vault's context for a workspace's link key (core/ports/key-vault.ts). */
export function approvalLinksKeyContext(workspaceId: string) {
  return { workspaceId, purpose: "approval-links" } as const;
}

/**
 * Each workspace's key for signing approval links: 32 random bytes, made on first need and stored encrypted
 * by the key vault (bound to the workspace), so a copy of the table alone cannot forge links.
 */
export function linkKeys(deps: { store: Pick<Store, "approvalLinkKeys">; keyVault: KeyVault; clock: Clock }) {
  const cache = new Map<string, Buffer>();
  /** Workspace id to when its miss stops being believed; oldest first, as a Map keeps insertion order. */
  const misses = new Map<string, number>();
  const context = approvalLinksKeyContext;

  const decrypt = async (workspaceId: string, ciphertext: string) =>
    Buffer.from(await deps.keyVault.decrypt(ciphertext, context(workspaceId)), "base64");

  async function load(workspaceId: string): Promise<Buffer> {
    const stored = await deps.store.approvalLinkKeys.get(workspaceId);
    if (stored) return decrypt(workspaceId, stored);
    const fresh = randomBytes(32).toString("base64");
    const ciphertext = await deps.keyVault.encrypt(fresh, context(workspaceId));
    if (await deps.store.approvalLinkKeys.create(workspaceId, ciphertext))
      return Buffer.from(fresh, "base64");
    return load(workspaceId);
  }

  function remember(workspaceId: string, key: Buffer): Buffer {
    if (cache.size >= CACHED_KEYS) cache.delete(cache.keys().next().value as string);
    cache.set(workspaceId, key);
    misses.delete(workspaceId);
    return key;
  }

  function missed(workspaceId: string): undefined {
    misses.delete(workspaceId);
    if (misses.size >= CACHED_MISSES) misses.delete(misses.keys().next().value as string);
    misses.set(workspaceId, deps.clock.nowMs() + MISS_TTL_MS);
    return undefined;
  }

  const knownMissing = (workspaceId: string) => (misses.get(workspaceId) ?? 0) > deps.clock.nowMs();

  return {
    /** The key to sign with, made if the workspace has none yet. */
    async forIssuing(workspaceId: string): Promise<Buffer> {
      return cache.get(workspaceId) ?? remember(workspaceId, await load(workspaceId));
    },

    /**
     * The key to check a link with; undefined when the workspace has none, so a forged link naming any
     * workspace makes nothing.
     */
    async forChecking(workspaceId: string): Promise<Buffer | undefined> {
      const hit = cache.get(workspaceId);
      if (hit) return hit;
      if (knownMissing(workspaceId)) return undefined;
      const stored = await deps.store.approvalLinkKeys.get(workspaceId);
      return stored ? remember(workspaceId, await decrypt(workspaceId, stored)) : missed(workspaceId);
    },
  };
}
export type LinkKeys = ReturnType<typeof linkKeys>;
