import type { Logger } from "../ports/logger";

/** Request-scoped values every route may read. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
  };
}

/** Routes behind API-key authentication also know the caller's workspace and key. */
export interface WorkspaceEnv {
  Variables: AppEnv["Variables"] & {
    workspaceId: string;
    apiKeyId: string;
  };
}
