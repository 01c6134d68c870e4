import { Counter, Histogram, Registry } from "prom-client";
import { METRICS, type MetricName, type MetricObservation } from "../../domain/metrics";

/** Milliseconds from a fast step to a day-long approval. */
const DURATION_BUCKETS_MS = [5, 25, 100, 500, 2_500, 10_000, 60_000, 600_000, 3_600_000, 86_400_000];

export interface PrometheusMetrics {
  record(observations: readonly MetricObservation[]): void;
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** The metrics table (core/domain/metrics.ts) as a prom-client registry, for the local GET /metrics. */
export function createPrometheusMetrics(): PrometheusMetrics {
  const registry = new Registry();
  const instruments = new Map<MetricName, Counter | Histogram>();
  for (const [name, spec] of Object.entries(METRICS) as [MetricName, (typeof METRICS)[MetricName]][]) {
    const options = { name, help: spec.help, labelNames: [...spec.labels], registers: [registry] };
    instruments.set(
      name,
      spec.kind === "counter"
        ? new Counter(options)
        : new Histogram({ ...options, buckets: DURATION_BUCKETS_MS }),
    );
  }
  return {
    record: (observations) => {
      for (const { name, value, labels = {} } of observations) {
        const instrument = instruments.get(name);
        if (instrument instanceof Counter) instrument.inc(labels, value);
        else instrument?.observe(labels, value);
      }
    },
    scrape: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}
