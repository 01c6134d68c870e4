import { RateLimitError } from "../domain/errors";
import { rateWindowAt } from "../domain/rate-window";
import type { Deps } from "../ports/deps";

/** When a workspace at its live-run quota is told to look again: runs end on their own schedule. */
const LIVE_QUOTA_RETRY_AFTER_SEC = 30;

/** Whether the operator set either run quota: without one, admitting costs nothing and refuses nothing. */
export function runQuotasSet(config: RunQuotaDeps["config"]): boolean {
  return (
    config.MAX_RUN_CREATIONS_PER_MINUTE !== undefined || config.MAX_LIVE_RUNS_PER_WORKSPACE !== undefined
  );
}

export type RunQuotaDeps = Pick<Deps, "clock" | "config"> & {
  store: Pick<Deps["store"], "rateLimits" | "runs">;
};

/**
 * Admits `runs` run creations (1 unless given) in the workspace under the operator's quotas
 * (MAX_RUN_CREATIONS_PER_MINUTE, MAX_LIVE_RUNS_PER_WORKSPACE), or throws 429 RATE_LIMIT_ERROR with
 * Retry-After and a message naming the quota. Every way a run is created for a client goes through it: the
 * API's creation and rerun, a cron trigger's fire, an event (docs/deploy.md, "Quotas"). Unset, neither
 * quota costs anything: the creation count is one exact counter write per admission (moved by `runs`, so
 * an event starting three runs counts three), the live count a count of the workspace's live runs (one
 * list of them, whose reads grow with the live runs, bounded by the quota's own size; read again from the
 * runs themselves before a refusal).
 */
export async function admitRunCreation(deps: RunQuotaDeps, workspaceId: string, runs = 1): Promise<void> {
  const { MAX_RUN_CREATIONS_PER_MINUTE: perMinute, MAX_LIVE_RUNS_PER_WORKSPACE: live } = deps.config;
  if (perMinute !== undefined) {
    const window = rateWindowAt(deps.clock.nowMs());
    const count = await deps.store.rateLimits.increment(
      `runs:${workspaceId}`,
      window.startMs,
      window.expiresAtMs,
      runs,
    );
    if (count > perMinute) {
      throw new RateLimitError(
        window.resetSec,
        `Quota reached: maximum run creations per minute per workspace (${perMinute})`,
      );
    }
  }
  if (live !== undefined) {
    const listed = (await deps.store.runs.list(workspaceId, { live: true }, 1, 1)).total;
    // The status index lags its runs a little: a run that has just ended can still be listed as live. Before
    // refusing, the runs themselves are read, and only those live now are counted.
    if (
      listed + runs > live &&
      (await deps.store.runs.list(workspaceId, { live: true }, 1, Math.max(1, listed))).items.length + runs >
        live
    ) {
      throw new RateLimitError(
        LIVE_QUOTA_RETRY_AFTER_SEC,
        `Quota reached: maximum live runs per workspace (${live}); retry when some have ended`,
      );
    }
  }
}
