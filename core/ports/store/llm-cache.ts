import type { LlmResponse, ProviderName } from "../../domain/llm-call";

/** An answer kept for identical requests (docs/llm.md, "Response cache"). */
export interface CachedAnswer {
  model: string;
  provider: ProviderName;
  response: Pick<LlmResponse, "text" | "usage" | "model">;
  /** What the answer cost when it was made: what each hit saves. */
  costUsd: number;
  expiresAtMs: number;
}

export interface LlmCacheStore {
  /** The answer under `key`, unless absent or expired (TTL deletion lags, so expiry is checked on read). */
  get(workspaceId: string, key: string, nowMs: number): Promise<CachedAnswer | undefined>;
  put(workspaceId: string, key: string, answer: CachedAnswer): Promise<void>;
}
