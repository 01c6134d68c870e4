import type { MetricObservation } from "../../domain/metrics";
import type { SpanRecord, Telemetry } from "../../ports/telemetry";
import type { SpanSink } from "./otlp-spans";

interface MetricSink {
  record(observations: readonly MetricObservation[]): void;
  flush?(): void | Promise<void>;
  scrape?(): Promise<{ contentType: string; body: string }>;
}

/** The telemetry port over whichever sinks a composition root chose; either may be absent. */
export function composeTelemetry(sinks: { spans?: SpanSink; metrics?: MetricSink }): Telemetry {
  const { spans, metrics } = sinks;
  return {
    spans: (records: readonly SpanRecord[]) => {
      if (records.length > 0) spans?.export(records);
    },
    metrics: (observations) => {
      if (observations.length > 0) metrics?.record(observations);
    },
    flush: async () => {
      await Promise.all([metrics?.flush?.(), spans?.flush()]);
    },
    ...(metrics?.scrape ? { scrape: metrics.scrape } : {}),
  };
}
