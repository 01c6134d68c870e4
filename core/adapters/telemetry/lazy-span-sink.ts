import type { SpanRecord } from "../../ports/telemetry";
import type { SpanSink } from "./otlp-spans";

/** Spans kept while the exporter loads; past this, the oldest are dropped rather than memory growing. */
const MAX_PENDING_SPANS = 2048;

/**
 * A span sink whose exporter is imported on the first span, so a process that never exports one (or a
 * Lambda bundle's cold start) does not load the OpenTelemetry SDK. A failed load is tried again on the
 * next span; the spans waiting for it are kept up to a bound.
 */
export function lazySpanSink(load: () => Promise<SpanSink>): SpanSink {
  let sink: SpanSink | undefined;
  let loading: Promise<SpanSink> | undefined;
  let pending: SpanRecord[] = [];
  const start = () => {
    loading ??= load().then(
      (loaded) => {
        sink = loaded;
        loaded.export(pending);
        pending = [];
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    export: (spans) => {
      if (sink) return sink.export(spans);
      pending.push(...spans);
      if (pending.length > MAX_PENDING_SPANS) pending = pending.slice(-MAX_PENDING_SPANS);
      start().catch(() => {});
    },
    flush: async () => {
      if (!sink && pending.length === 0) return;
      await (await start()).flush();
    },
    shutdown: async () => {
      await sink?.shutdown();
    },
  };
}
