import { createEmfMetrics } from "../core/adapters/telemetry/emf-metrics";
import { composeTelemetry } from "../core/adapters/telemetry/telemetry";
import type { Config } from "../core/config";
import { METRICS_NAMESPACE } from "../core/domain/metrics";
import type { Telemetry } from "../core/ports/telemetry";
import { otlpSpans } from "./otlp";

/**
 * A function's telemetry: metrics in CloudWatch's embedded metric format on its log stream, and OTLP
 * traces when a collector is named. Handlers flush it before their invocation ends (`flushingAfter`).
 */
export function lambdaTelemetry(config: Config): Telemetry {
  return composeTelemetry({
    spans: otlpSpans(config),
    metrics:
      config.METRICS === "on"
        ? createEmfMetrics({ namespace: METRICS_NAMESPACE, serviceName: config.OTEL_SERVICE_NAME })
        : undefined,
  });
}

/** A handler that sends its invocation's telemetry before answering: a frozen Lambda sends nothing. */
export function flushingAfter<A extends unknown[], R>(
  telemetry: Telemetry,
  handler: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await handler(...args);
    } finally {
      await telemetry.flush().catch(() => {});
    }
  };
}
