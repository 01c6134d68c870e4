import { lazySpanSink } from "../core/adapters/telemetry/lazy-span-sink";
import type { SpanSink } from "../core/adapters/telemetry/otlp-spans";
import type { Config } from "../core/config";

/**
 * Traces go out only when OTEL_EXPORTER_OTLP_ENDPOINT names a collector; the SDK and exporter are then
 * imported on the first span (a chunk of their own in the Lambda bundles), and nothing is loaded otherwise.
 */
export function otlpSpans(config: Config): SpanSink | undefined {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return undefined;
  return lazySpanSink(async () => {
    const { createOtlpSpanSink } = await import("../core/adapters/telemetry/otlp-spans");
    return createOtlpSpanSink({ endpoint, serviceName: config.OTEL_SERVICE_NAME });
  });
}
