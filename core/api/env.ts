import type { Logger } from "../ports/logger";

/** Request-scoped values every route may read. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
  };
}

/**
 * Routes behind API-key authentication also know the caller's workspace and key; served again under the
 * dashboard API (session/env.ts), they know the signed-in account instead, and no key.
 */
export interface WorkspaceEnv {
  Variables: AppEnv["Variables"] & {
    workspaceId: string;
    apiKeyId: string;
    accountId?: string;
    /**
     * Set while a route that writes runs beside its API key's lookup (apiKeyAuth's `startsBeforeLookup`):
     * settles once the lookup confirms the key in `workspaceId`, rejects (401) otherwise. Such a route
     * writes nothing before it settles.
     */
    keyConfirmed?: Promise<void>;
  };
}
