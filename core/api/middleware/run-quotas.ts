import { RateLimitError } from "../../domain/errors";
import { LIVE_RUN_STATUSES } from "../../domain/statuses";
import type { Deps } from "../../ports/deps";
import { countRequest, exactWindowCounter } from "./rate-limit";

/** When a workspace at its live-run quota is told to look again: runs end on their own schedule. */
const LIVE_QUOTA_RETRY_AFTER_SEC = 30;

/**
 * The operator's quotas on run creation (MAX_RUN_CREATIONS_PER_MINUTE, MAX_LIVE_RUNS_PER_WORKSPACE),
 * checked before a run is created over the API (POST /v1/workflow-runs, POST .../rerun). Each is 429
 * RATE_LIMIT_ERROR with Retry-After and a message naming it. Unset, neither costs anything: the creation
 * count is one exact counter write per creation, the live count a count of the workspace's live runs
 * (four status lists, whose reads grow with the live runs, bounded by the quota's own size).
 */
export function runCreationQuotas(
  deps: Pick<Deps, "clock" | "config"> & { store: Pick<Deps["store"], "rateLimits" | "runs"> },
) {
  const { MAX_RUN_CREATIONS_PER_MINUTE: perMinute, MAX_LIVE_RUNS_PER_WORKSPACE: live } = deps.config;
  const counter = exactWindowCounter(deps);
  return async function admitRunCreation(workspaceId: string): Promise<void> {
    if (perMinute !== undefined) {
      const window = await countRequest(deps, counter, `runs:${workspaceId}`, perMinute);
      if (window.exceeded) {
        throw new RateLimitError(
          window.resetSec,
          `Quota reached: maximum run creations per minute per workspace (${perMinute})`,
        );
      }
    }
    if (live !== undefined) {
      const totals = await Promise.all(
        LIVE_RUN_STATUSES.map(
          async (status) => (await deps.store.runs.list(workspaceId, { status }, 1, 1)).total,
        ),
      );
      if (totals.reduce((sum, n) => sum + n, 0) >= live) {
        throw new RateLimitError(
          LIVE_QUOTA_RETRY_AFTER_SEC,
          `Quota reached: maximum live runs per workspace (${live}); retry when some have ended`,
        );
      }
    }
  };
}
