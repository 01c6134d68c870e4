import { loadOnce } from "../../domain/load-once";
import { METRICS, type MetricObservation } from "../../domain/metrics";

export interface EmfMetrics {
  record(observations: readonly MetricObservation[]): void;
  /** Writes what was recorded as CloudWatch embedded-metric-format lines on stdout, one per label set. */
  flush(): Promise<void>;
}

/** Powertools is imported on the first flush with something to write, not during a cold start. */
const powertools = loadOnce(() => import("@aws-lambda-powertools/metrics"));

/**
 * The metrics table as CloudWatch metrics, through Powertools' embedded metric format: Lambda's log
 * stream carries them, so no API call is made and nothing waits on CloudWatch. Observations with the
 * same labels go out together, one log line each label set at the end of the invocation.
 */
export function createEmfMetrics(settings: { namespace: string; serviceName: string }): EmfMetrics {
  let pending: MetricObservation[] = [];
  return {
    record: (observations) => {
      pending.push(...observations);
    },
    flush: async () => {
      if (pending.length === 0) return;
      const byLabels = new Map<string, MetricObservation[]>();
      for (const observation of pending) {
        const key = JSON.stringify(Object.entries(observation.labels ?? {}).sort());
        byLabels.set(key, [...(byLabels.get(key) ?? []), observation]);
      }
      pending = [];
      const { Metrics, MetricUnit } = await powertools();
      for (const group of byLabels.values()) {
        const metrics = new Metrics({ namespace: settings.namespace, serviceName: settings.serviceName });
        const labels = group[0]?.labels;
        if (labels) metrics.addDimensions({ ...labels });
        for (const { name, value } of group) metrics.addMetric(name, MetricUnit[METRICS[name].unit], value);
        metrics.publishStoredMetrics();
      }
    },
  };
}
