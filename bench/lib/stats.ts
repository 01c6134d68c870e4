/** What one phase measured: the raw samples, so every phase is summarized by the same code. */
export interface Samples {
  /** Latency in ms of each successful operation. */
  latenciesMs: number[];
  /** Failed operations: non-2xx responses, connection errors, timeouts, missing items. */
  errors: number;
  elapsedMs: number;
}

export interface PhaseSummary {
  requests: number;
  errors: number;
  errorRate: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

/** Nearest-rank percentile, so a reported figure is always a latency that was actually observed. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function summarize(samples: Samples): PhaseSummary {
  const sorted = [...samples.latenciesMs].sort((a, b) => a - b);
  const total = sorted.length + samples.errors;
  return {
    requests: sorted.length,
    errors: samples.errors,
    errorRate: total === 0 ? 1 : samples.errors / total,
    rps: round(sorted.length / (samples.elapsedMs / 1000)),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
  };
}

export const round = (value: number, digits = 2): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
