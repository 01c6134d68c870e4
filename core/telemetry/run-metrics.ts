import type { EventPayloads } from "../domain/events";
import type { MetricObservation } from "../domain/metrics";
import type { RunCommit } from "../domain/run-change";
import { endedStepRuns } from "./ended-step-runs";

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
        const { provider, model, inputTokens, outputTokens, costUsd } =
          event.payload as EventPayloads["LLM_CALL_COMPLETED"];
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
