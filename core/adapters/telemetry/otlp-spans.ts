import { type HrTime, SpanKind, SpanStatusCode, TraceFlags } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace";
import type { SpanRecord } from "../../ports/telemetry";

export interface OtlpSpanSettings {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base address; spans go to its /v1/traces. */
  endpoint: string;
  serviceName: string;
  /** How long spans wait to be sent together; a Lambda handler flushes at the end of each invocation anyway. */
  scheduledDelayMs?: number;
}

export interface SpanSink {
  export(spans: readonly SpanRecord[]): void;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Spans to an OpenTelemetry collector over OTLP/HTTP (JSON), through the SDK's batching processor and
 * exporter. Weft's spans are built from committed changes with ids of their own (core/telemetry), so
 * they are handed to the processor as finished spans rather than started through a tracer.
 */
export function createOtlpSpanSink(settings: OtlpSpanSettings): SpanSink {
  const url = `${settings.endpoint.replace(/\/+$/, "")}/v1/traces`;
  const processor = new BatchSpanProcessor({
    exporter: new OTLPTraceExporter({ url }),
    scheduledDelayMillis: settings.scheduledDelayMs ?? 1000,
  });
  const resource = resourceFromAttributes({ "service.name": settings.serviceName });
  const scope = { name: "weft" };
  return {
    export: (spans) => {
      for (const span of spans) processor.onEnd(readable(span));
    },
    flush: () => processor.forceFlush(),
    shutdown: () => processor.shutdown(),
  };

  function readable(span: SpanRecord): ReadableSpan {
    const context = { traceId: span.traceId, spanId: span.spanId, traceFlags: TraceFlags.SAMPLED };
    const endMs = Math.max(span.endMs, span.startMs);
    return {
      name: span.name,
      kind: span.kind === "client" ? SpanKind.CLIENT : SpanKind.INTERNAL,
      spanContext: () => context,
      ...(span.parentSpanId
        ? {
            parentSpanContext: {
              traceId: span.traceId,
              spanId: span.parentSpanId,
              traceFlags: TraceFlags.SAMPLED,
              isRemote: true,
            },
          }
        : {}),
      startTime: hrTime(span.startMs),
      endTime: hrTime(endMs),
      duration: hrTime(endMs - span.startMs),
      status:
        span.error === undefined
          ? { code: SpanStatusCode.UNSET }
          : { code: SpanStatusCode.ERROR, message: span.error },
      attributes: span.attributes,
      links: [],
      events: [],
      ended: true,
      resource,
      instrumentationScope: scope,
      droppedAttributesCount: 0,
      droppedEventsCount: 0,
      droppedLinksCount: 0,
    };
  }
}

function hrTime(ms: number): HrTime {
  const seconds = Math.floor(ms / 1000);
  return [seconds, Math.round((ms - seconds * 1000) * 1e6)];
}
