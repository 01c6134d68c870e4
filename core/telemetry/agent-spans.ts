import type { EventPayloads } from "../domain/events";
import type { RunCommit } from "../domain/run-commit";
import type { StoredEvent } from "../domain/run-history";
import type { SpanRecord } from "../ports/telemetry";
import { callOf } from "./call-spans";
import { eventSpanIdOf, stepSpanIdOf, traceIdOf, turnSpanIdOf } from "./trace-ids";

/**
 * An agent step's spans below its step span (docs/agents.md, docs/observability.md), from each unit's commit,
 * since its turns commit one by one, hours apart if need be: a model turn's commit gives the turn's span
 * (`agent turn N`) and its model calls under it; a tool unit's commit gives its tool calls under the span of
 * the turn that asked for them (which has already ended: a turn's span is its model call's time). A unit's
 * calls ran just before its commit, a turn's model calls one after another and a tool unit's side by side;
 * their events carry their durations, so their spans are laid end to end, or side by side, up to the
 * commit's time. Calls of a unit that committed no turn (one that failed) go straight under the step's span.
 */
export function agentUnitSpans(commit: RunCommit, common: Record<string, string>): SpanRecord[] {
  const stepRun = [commit.run.active?.stepRun, ...commit.stepRuns].find(
    (candidate) => candidate?.stepType === "agent" && commit.events.some((e) => e.stepRunId === candidate.id),
  );
  if (!stepRun) return [];
  const events = commit.events.filter((event) => event.stepRunId === stepRun.id);
  const calls = events.flatMap((event) => {
    const call = callOf(event);
    return call ? [{ event, ...call }] : [];
  });
  if (calls.length === 0) return [];
  const traceId = traceIdOf(commit.run.id);
  const stepSpanId = stepSpanIdOf(stepRun.id, stepRun.attempt);
  const attributes = { ...common, "weft.step.name": stepRun.stepName, "weft.step_run.id": stepRun.id };
  const turn = events.find((event) => event.eventType === "AGENT_TURN_COMPLETED")?.payload as
    | EventPayloads["AGENT_TURN_COMPLETED"]
    | undefined;
  const toolUnit = calls.every((call) => call.event.eventType === "TOOL_CALL_EXECUTED");
  const turnNumber = turn?.turn ?? (toolUnit ? commit.run.active?.agent?.turns : undefined);
  const parentSpanId = turnNumber === undefined ? stepSpanId : turnSpanIdOf(stepRun.id, turnNumber);
  const endMs = Date.parse((events.at(-1) as StoredEvent).createdAt);
  const durations = calls.map((call) => call.durationMs);
  const startMs = endMs - (toolUnit ? Math.max(...durations) : durations.reduce((a, b) => a + b, 0));
  const spans: SpanRecord[] = [];
  if (turn) {
    spans.push({
      name: `agent turn ${turn.turn}`,
      traceId,
      spanId: parentSpanId,
      parentSpanId: stepSpanId,
      kind: "internal",
      startMs,
      endMs,
      attributes: {
        ...attributes,
        "weft.agent.turn": turn.turn,
        "weft.agent.tool_calls": turn.toolCalls.length,
        "weft.llm.cost_usd": turn.costUsd,
      },
    });
  }
  let cursorMs = startMs;
  for (const call of calls) {
    const callStartMs = toolUnit ? startMs : cursorMs;
    spans.push({
      ...call.span,
      traceId,
      spanId: eventSpanIdOf(call.event.id),
      parentSpanId,
      startMs: callStartMs,
      endMs: callStartMs + call.durationMs,
      attributes: { ...attributes, ...call.span.attributes },
    });
    cursorMs = callStartMs + call.durationMs;
  }
  return spans;
}
