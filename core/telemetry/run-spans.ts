import type { EventPayloads } from "../domain/events";
import type { RunCommit } from "../domain/run-commit";
import type { StoredEvent } from "../domain/run-history";
import type { RunRecord } from "../domain/run-record";
import { StepRunStatus } from "../domain/statuses";
import type { SpanRecord } from "../ports/telemetry";
import { agentUnitSpans } from "./agent-spans";
import { callOf } from "./call-spans";
import { type EndedStepRun, endedStepRuns } from "./ended-step-runs";
import { eventSpanIdOf, runSpanIdOf, stepSpanIdOf, traceIdOf } from "./trace-ids";

/**
 * The spans one commit finished, read from what it recorded: a run's span when it ends, a span per step
 * attempt that completed or failed (from its start to its end, waits and approvals included, under the
 * run's span), and under each, a span per LLM call and tool call the attempt made. The calls of an
 * attempt ran one after another; their events carry their durations, so their spans are laid end to end
 * from the attempt's start. A failure's status message is its code (the step's failure code, the call's
 * error class), never its text: that holds the tenant's data (an http step's rendered host, the words a
 * guardrail blocked), and spans go to the operator's collector (docs/observability.md).
 */
export function spansOf(commit: RunCommit): SpanRecord[] {
  const { run } = commit;
  const traceId = traceIdOf(run.id);
  const runSpanId = runSpanIdOf(run.id);
  const common = {
    "weft.workspace.id": run.workspaceId,
    "weft.run.id": run.id,
    "weft.definition.id": run.definitionId,
  };
  const spans: SpanRecord[] = [];
  for (const stepRun of endedStepRuns(commit)) {
    const events = commit.events.filter((event) => event.stepRunId === stepRun.id);
    const span = stepSpan(stepRun, events);
    // An agent's calls span many commits: each unit's commit gives its own (agent-spans.ts).
    spans.push(span, ...(stepRun.stepType === "agent" ? [] : callSpans(span, events)));
  }
  spans.push(...agentUnitSpans(commit, common));
  const ended = commit.events.find((event) => END_STATUS[event.eventType] !== undefined);
  if (ended) spans.push(runSpan(run, ended));
  return spans;

  function stepSpan(stepRun: EndedStepRun, events: readonly StoredEvent[]): SpanRecord {
    const failed = stepRun.status === StepRunStatus.Failed;
    const failure = events.find((event) => event.eventType === "STEP_FAILED")?.payload as
      | EventPayloads["STEP_FAILED"]
      | undefined;
    return {
      name: `step ${stepRun.stepName}`,
      traceId,
      spanId: stepSpanIdOf(stepRun.id, stepRun.attempt),
      parentSpanId: runSpanId,
      kind: "internal",
      startMs: Date.parse(stepRun.startedAt),
      endMs: Date.parse(stepRun.completedAt),
      attributes: {
        ...common,
        "weft.step.name": stepRun.stepName,
        "weft.step.type": stepRun.stepType,
        "weft.step.attempt": stepRun.attempt,
        "weft.step_run.id": stepRun.id,
      },
      ...(failed ? { error: failure?.code ?? "STEP_FAILED" } : {}),
    };
  }

  function callSpans(step: SpanRecord, events: readonly StoredEvent[]): SpanRecord[] {
    const calls: SpanRecord[] = [];
    let cursorMs = step.startMs;
    for (const event of events) {
      const call = callOf(event);
      if (!call) continue;
      const startMs = Math.min(cursorMs, step.endMs);
      const endMs = Math.min(startMs + call.durationMs, step.endMs);
      cursorMs = endMs;
      calls.push({
        ...call.span,
        traceId,
        spanId: eventSpanIdOf(event.id),
        parentSpanId: step.spanId,
        startMs,
        endMs,
        attributes: {
          ...common,
          "weft.step.name": String(step.attributes["weft.step.name"]),
          ...call.span.attributes,
        },
      });
    }
    return calls;
  }
}

/** The run's status each ending event leaves it in. */
const END_STATUS: Partial<Record<StoredEvent["eventType"], string>> = {
  WORKFLOW_COMPLETED: "COMPLETED",
  WORKFLOW_FAILED: "FAILED",
  WORKFLOW_CANCELLED: "CANCELLED",
  WORKFLOW_SUPERSEDED: "SUPERSEDED",
};

function runSpan(run: RunRecord, ended: StoredEvent): SpanRecord {
  const failed = ended.eventType === "WORKFLOW_FAILED";
  return {
    name: "workflow run",
    traceId: traceIdOf(run.id),
    spanId: runSpanIdOf(run.id),
    kind: "internal",
    startMs: Date.parse(run.createdAt),
    endMs: Date.parse(ended.createdAt),
    attributes: {
      "weft.workspace.id": run.workspaceId,
      "weft.run.id": run.id,
      "weft.definition.id": run.definitionId,
      "weft.run.status": END_STATUS[ended.eventType] ?? run.status,
    },
    ...(failed
      ? { error: (ended.payload as EventPayloads["WORKFLOW_FAILED"]).code ?? "WORKFLOW_FAILED" }
      : {}),
  };
}
