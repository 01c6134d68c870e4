import { RateLimitError } from "../domain/errors";
import { LIMITS } from "../domain/limits";
import { RATE_WINDOW_MS, rateWindowAt, windowExpiresAtMs } from "../domain/rate-window";
import type { Deps } from "../ports/deps";

/**
 * A refused stream is told to come back once one of the open ones may have closed: each ends within
 * LIMITS.streamConnectionMs.
 */
const RETRY_AFTER_SEC = Math.ceil(LIMITS.streamConnectionMs / 1000);
/** How long after it opened a stream may still be counted open: its longest connection, and its close. */
const STREAM_LIFE_MS = LIMITS.streamConnectionMs + 5_000;

export type StreamCapDeps = Pick<Deps, "clock" | "config" | "log"> & {
  store: Pick<Deps["store"], "rateLimits">;
};

/** Gives a stream back when it closes. */
export type StreamRelease = () => Promise<void>;

/**
 * The caps on runs' live streams (docs/limits.md): each holds a connection (a Lambda invocation on AWS) and
 * reads its run every second, so open ones are bounded per workspace (MAX_STREAMS_PER_WORKSPACE, counted in
 * the table, so across every instance) and per process (MAX_STREAMS_PER_PROCESS, in memory). Past either:
 * 429 with Retry-After.
 *
 * A workspace's open streams are counted in the one-minute windows of the rate limits: an opening adds one
 * to its window's count, its close takes it back from the same window. A stream lasts less than a window,
 * so the streams open now are those counted in this window and, in its first STREAM_LIFE_MS, the previous
 * one's. A close that is never written (a crash) keeps its stream counted until its window has passed.
 */
export function streamCaps(deps: StreamCapDeps) {
  let openHere = 0;

  const add = (scope: string, windowStartMs: number, delta: number) =>
    deps.store.rateLimits.increment(scope, windowStartMs, windowExpiresAtMs(windowStartMs), delta);

  return async function openStream(workspaceId: string): Promise<StreamRelease> {
    const { MAX_STREAMS_PER_PROCESS: perProcess, MAX_STREAMS_PER_WORKSPACE: perWorkspace } = deps.config;
    if (openHere >= perProcess) {
      throw new RateLimitError(
        RETRY_AFTER_SEC,
        `Too many live streams on this server (${perProcess}); retry after the time in the Retry-After header`,
      );
    }
    openHere += 1;
    let released = false;
    const releaseHere = () => {
      if (!released) openHere -= 1;
      released = true;
    };
    const scope = `streams:${workspaceId}`;
    const nowMs = deps.clock.nowMs();
    const { startMs } = rateWindowAt(nowMs);
    try {
      const counted = await add(scope, startMs, 1);
      const earlier = nowMs - startMs < STREAM_LIFE_MS ? await add(scope, startMs - RATE_WINDOW_MS, 0) : 0;
      const release = async () => {
        releaseHere();
        await add(scope, startMs, -1).catch((error: unknown) =>
          deps.log.warn({ err: error, workspaceId }, "a stream's close not counted; its window ends it"),
        );
      };
      if (counted + earlier > perWorkspace) {
        await release();
        throw new RateLimitError(
          RETRY_AFTER_SEC,
          `Quota reached: maximum live streams per workspace (${perWorkspace}); retry when one has closed`,
        );
      }
      return release;
    } catch (error) {
      releaseHere();
      throw error;
    }
  };
}
