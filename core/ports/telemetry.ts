import type { MetricObservation } from "../domain/metrics";

/**
 * A finished span, with the ids it was given. Spans are built from what a commit recorded
 * (core/telemetry/run-spans.ts), so their ids are derived from the run's own ids and a step's span finds
 * its run's span whichever process, and whichever invocation, commits each.
 */
export interface SpanRecord {
  name: string;
  /** 32 hex digits. */
  traceId: string;
  /** 16 hex digits. */
  spanId: string;
  parentSpanId?: string;
  kind: "internal" | "client";
  startMs: number;
  endMs: number;
  attributes: Readonly<Record<string, string | number | boolean>>;
  /** Set when the work failed: the span's status is then ERROR with this message, a code (never tenant text). */
  error?: string;
}

/**
 * Traces and metrics leave the service through this port: OTLP and Prometheus locally, OTLP and the
 * CloudWatch embedded metric format on Lambda (core/adapters/telemetry/). Both calls return at once and
 * never throw: telemetry must not slow or fail a run.
 */
export interface Telemetry {
  spans(spans: readonly SpanRecord[]): void;
  metrics(observations: readonly MetricObservation[]): void;
  /** Sends what is buffered; a Lambda handler awaits it before its invocation ends (and is frozen). */
  flush(): Promise<void>;
  /** The metrics in Prometheus' text format, where the service serves GET /metrics (locally). */
  scrape?(): Promise<{ contentType: string; body: string }>;
}

/** Neither traces nor metrics: what a process without an exporter pays (nothing). */
export const noTelemetry: Telemetry = {
  spans: () => {},
  metrics: () => {},
  flush: async () => {},
};
