import { createPrometheusMetrics } from "../core/adapters/telemetry/prometheus-metrics";
import { composeTelemetry } from "../core/adapters/telemetry/telemetry";
import type { Config } from "../core/config";
import type { Telemetry } from "../core/ports/telemetry";
import { otlpSpans } from "./otlp";

/** `npm start`'s telemetry: GET /metrics for Prometheus, and OTLP traces when a collector is named. */
export function localTelemetry(config: Config): Telemetry {
  return composeTelemetry({
    spans: otlpSpans(config),
    metrics: config.METRICS === "on" ? createPrometheusMetrics() : undefined,
  });
}
