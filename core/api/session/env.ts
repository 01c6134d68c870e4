import type { AppEnv, WorkspaceEnv } from "../env";

/** Requests under /dashboard/api: the signed-in account and its session. */
export interface SessionEnv {
  Variables: AppEnv["Variables"] & {
    accountId: string;
    sessionExpiresAt: string;
  };
}

/**
 * Requests under /dashboard/api/v1: also the workspace picked with `x-workspace-id`, so the workspace routers
 * run unchanged. There is no API key behind them: `apiKeyId` stays unset, and `accountId` tells a route who
 * is signed in (core/api/caller.ts).
 */
export interface DashboardWorkspaceEnv {
  Variables: WorkspaceEnv["Variables"] & SessionEnv["Variables"];
}
