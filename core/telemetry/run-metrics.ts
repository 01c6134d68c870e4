import type { EventPayloads } from "../domain/events";
import type { MetricObservation } from "../domain/metrics";
import { tableName } from "../domain/model-table";
import { PRICING_TABLE } from "../domain/pricing";
import type { RunCommit } from "../domain/run-commit";
import { endedStepRuns } from "./ended-step-runs";

/** The `model` label of an LLM call whose model no price table names. */
const OTHER_MODEL = "other";

/**
 * A call's `model` label: the price table's name for it (gpt-4o-2024-08-06 counts as gpt-4o), or `other`.
 * A step's model is any string its tenant writes, and /metrics is unauthenticated and kept per label value:
 * labelled as written, a tenant could name its models after secrets, or make series without end. Models
 * priced only by the operator's LLM_PRICING_JSON count as `other` too: the operator's names are not at
 * hand here, and a tenant's string extending one would be as unbounded (docs/observability.md).
 */
function modelLabel(call: { model: string; unpriced?: true }): string {
  return (call.unpriced ? undefined : tableName(call.model, PRICING_TABLE)) ?? OTHER_MODEL;
}

/**
 * The metrics one commit moved, read from what it recorded. A commit is written once (a lost race writes
 * nothing and is not counted), so each run, step attempt and call is counted once, by the process that
 * committed it.
 */
export function metricsOf(commit: RunCommit): MetricObservation[] {
  const observations: MetricObservation[] = [];
  for (const event of commit.events) {
    switch (event.eventType) {
      case "WORKFLOW_STARTED":
        observations.push({ name: "weft_runs_started_total", value: 1 });
        break;
      case "WORKFLOW_COMPLETED":
        observations.push({ name: "weft_runs_completed_total", value: 1 });
        break;
      case "WORKFLOW_FAILED":
        observations.push({ name: "weft_runs_failed_total", value: 1 });
        break;
      case "WORKFLOW_CANCELLED":
      case "WORKFLOW_SUPERSEDED":
        observations.push({
          name: "weft_runs_cancelled_total",
          value: 1,
          labels: { reason: event.eventType === "WORKFLOW_CANCELLED" ? "cancelled" : "superseded" },
        });
        break;
      case "LLM_CALL_COMPLETED": {
        const payload = event.payload as EventPayloads["LLM_CALL_COMPLETED"];
        const { provider, inputTokens, outputTokens, costUsd } = payload;
        const model = modelLabel(payload);
        observations.push(
          {
            name: "weft_llm_tokens_total",
            value: inputTokens,
            labels: { provider, model, direction: "input" },
          },
          {
            name: "weft_llm_tokens_total",
            value: outputTokens,
            labels: { provider, model, direction: "output" },
          },
          { name: "weft_llm_cost_usd_total", value: costUsd, labels: { provider, model } },
        );
        break;
      }
    }
  }
  for (const stepRun of endedStepRuns(commit)) {
    observations.push({
      name: "weft_step_duration_ms",
      value: Date.parse(stepRun.completedAt) - Date.parse(stepRun.startedAt),
      labels: { step_type: stepRun.stepType, status: stepRun.status },
    });
  }
  return observations;
}
