/** How many keys an instance remembers the workspace of: about 200 bytes each, so at most a few MB. */
export const KNOWN_KEYS_MAX = 10_000;

export interface KnownKey {
  workspaceId: string;
  apiKeyId: string;
}

/**
 * The workspace of each API key (by its hash) this instance saw a consistent lookup confirm, the most
 * recently confirmed kept. A key never changes workspace (its lookup item is written once and only ever
 * deleted), so what is remembered stays true for as long as the key exists; it only says where a request
 * may start reading before its own lookup answers, never whether the key is valid.
 */
export class KnownKeys {
  private readonly byHash = new Map<string, KnownKey>();

  constructor(private readonly max = KNOWN_KEYS_MAX) {}

  get(keyHash: string): KnownKey | undefined {
    return this.byHash.get(keyHash);
  }

  /** A confirmed lookup: the key becomes the most recent, and the least recent past `max` is forgotten. */
  confirm(keyHash: string, key: KnownKey): void {
    this.byHash.delete(keyHash);
    this.byHash.set(keyHash, key);
    if (this.byHash.size > this.max) {
      const [oldest] = this.byHash.keys();
      if (oldest !== undefined) this.byHash.delete(oldest);
    }
  }

  forget(keyHash: string): void {
    this.byHash.delete(keyHash);
  }
}
