/**
 * The service's metrics: one table that the Prometheus exposition (local) and the CloudWatch embedded
 * metric format (Lambda) both register from, and that docs/observability.md lists. Labels are kept to
 * values of small, fixed range (statuses, step types, models): no workspace, run or definition id, whose
 * cardinality grows with use and would make every time series a tenant's.
 */
/** The CloudWatch namespace of the metrics on Lambda; infra/dashboard-body.ts charts them from there. */
export const METRICS_NAMESPACE = "Weft";

export const METRICS = {
  weft_runs_started_total: { kind: "counter", unit: "Count", help: "Runs started", labels: [] },
  weft_runs_completed_total: { kind: "counter", unit: "Count", help: "Runs completed", labels: [] },
  weft_runs_failed_total: { kind: "counter", unit: "Count", help: "Runs failed", labels: [] },
  weft_runs_cancelled_total: {
    kind: "counter",
    unit: "Count",
    help: "Runs cancelled or superseded",
    labels: ["reason"],
  },
  weft_step_duration_ms: {
    kind: "histogram",
    unit: "Milliseconds",
    help: "Step attempts, from start to completion or failure (waits and approvals included)",
    labels: ["step_type", "status"],
  },
  weft_llm_tokens_total: {
    kind: "counter",
    unit: "Count",
    help: "Tokens of answered LLM calls",
    labels: ["provider", "model", "direction"],
  },
  weft_llm_cost_usd_total: {
    kind: "counter",
    unit: "NoUnit",
    help: "Cost in USD of answered LLM calls",
    labels: ["provider", "model"],
  },
  weft_queue_age_ms: {
    kind: "histogram",
    unit: "Milliseconds",
    help: "How long a doorbell waited in the step queue before a worker took it",
    labels: [],
  },
} as const satisfies Record<string, MetricSpec>;

export interface MetricSpec {
  kind: "counter" | "histogram";
  /** A CloudWatch unit (NoUnit for dollars); Prometheus carries the unit in the metric's name. */
  unit: "Count" | "Milliseconds" | "NoUnit";
  help: string;
  labels: readonly string[];
}

export type MetricName = keyof typeof METRICS;

/** One value for one metric: an amount to add to a counter, or a sample of a histogram. */
export interface MetricObservation {
  name: MetricName;
  value: number;
  labels?: Readonly<Record<string, string>>;
}
