import { METRICS, METRICS_NAMESPACE, type MetricName } from "../core/domain/metrics";

/** One chart of the CloudWatch dashboard: metrics of core/domain/metrics.ts, summed over their labels. */
export interface ChartSettings {
  title: string;
  metrics: readonly MetricName[];
  /** Sum for counts and dollars; a percentile for durations. */
  stat: "Sum" | "p50" | "p99";
}

/** The service's dashboard: what runs do, how long steps take, what the models cost, how long doorbells wait. */
export const DASHBOARD_CHARTS: readonly ChartSettings[] = [
  {
    title: "Runs",
    metrics: ["weft_runs_started_total", "weft_runs_completed_total", "weft_runs_failed_total"],
    stat: "Sum",
  },
  { title: "Step duration p99 (ms)", metrics: ["weft_step_duration_ms"], stat: "p99" },
  { title: "LLM tokens", metrics: ["weft_llm_tokens_total"], stat: "Sum" },
  { title: "LLM cost (USD)", metrics: ["weft_llm_cost_usd_total"], stat: "Sum" },
  { title: "Queue age p99 (ms)", metrics: ["weft_queue_age_ms"], stat: "p99" },
];

const PERIOD_SECONDS = 300;

/**
 * The dashboard's body as CloudWatch reads it. Powertools publishes each metric under the dimensions
 * `service` plus its labels, so each chart searches that exact dimension set and plots one line per
 * metric, summed (or, for durations, the percentile of all) across label values.
 */
export function dashboardBody(settings: { region: string; service: string }): string {
  const widgets = DASHBOARD_CHARTS.map((chart, index) => {
    const metrics = chart.metrics.map((name, n) => {
      const schema = [METRICS_NAMESPACE, "service", ...METRICS[name].labels].join(",");
      const search = `SEARCH('{${schema}} MetricName="${name}" service="${settings.service}"', '${chart.stat}', ${PERIOD_SECONDS})`;
      const expression = chart.stat === "Sum" ? `SUM(${search})` : search;
      return [{ expression, label: name, id: `m${index}_${n}` }];
    });
    return {
      type: "metric",
      x: (index % 2) * 12,
      y: Math.floor(index / 2) * 6,
      width: 12,
      height: 6,
      properties: {
        title: chart.title,
        region: settings.region,
        view: "timeSeries",
        period: PERIOD_SECONDS,
        metrics,
      },
    };
  });
  return JSON.stringify({ widgets });
}
