import { JsonView } from "../components/json-view";
import { formatCount, formatDuration, formatUsd } from "../format";
import type { RunEvent, StepRun } from "../types";
import { AgentTurns } from "./agent-turns";

/** Where each step attempt sits in the run's time, as fractions of the whole: the waterfall's bars. */
export function waterfall(steps: readonly StepRun[], nowMs: number) {
  const spans = steps.map((step) => {
    const start = step.startedAt ? Date.parse(step.startedAt) : undefined;
    const end = step.completedAt ? Date.parse(step.completedAt) : nowMs;
    return { id: step.id, start, end };
  });
  const starts = spans.flatMap((span) => (span.start === undefined ? [] : [span.start]));
  const first = Math.min(...starts);
  const last = Math.max(...spans.map((span) => span.end));
  const whole = Math.max(1, last - first);
  return new Map(
    spans.map((span) => [
      span.id,
      span.start === undefined
        ? undefined
        : {
            offset: (span.start - first) / whole,
            width: (span.end - span.start) / whole,
            ms: span.end - span.start,
          },
    ]),
  );
}

/** A step attempt's bar in the waterfall, with its length in words for those who do not see it. */
export function StepBar({ bar }: { bar: { offset: number; width: number; ms: number } | undefined }) {
  if (!bar) return <>—</>;
  return (
    <div class="waterfall" title={formatDuration(bar.ms)}>
      <span class="waterfall-track">
        <span
          class="waterfall-bar"
          style={`left:${(bar.offset * 100).toFixed(2)}%;width:${Math.max(bar.width * 100, 0.5).toFixed(2)}%`}
        />
      </span>
      <span class="waterfall-label">{formatDuration(bar.ms)}</span>
    </div>
  );
}

interface Call {
  model: string;
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
  durationMs: number;
  error?: string;
}

/**
 * What one step run took in and gave out, and, for an llm step, each model call (tokens, cost, time, the
 * error of a failed one) and each tool call, from the run's events. The rendered prompt is the step's
 * input; the model's answer its output.
 */
export function StepDetails({ step, events }: { step: StepRun; events: readonly RunEvent[] }) {
  const own = events.filter((event) => event.stepRunId === step.id);
  const calls = own
    .filter((event) => event.eventType === "LLM_CALL_COMPLETED" || event.eventType === "LLM_CALL_FAILED")
    .map((event) => event.payload as unknown as Call);
  const tools = own
    .filter((event) => event.eventType === "TOOL_CALL_EXECUTED")
    .map((event) => event.payload as { tool: string; ok: boolean; durationMs: number; error?: string });
  return (
    <details class="step-details">
      <summary>Input and output{calls.length > 0 ? `, ${calls.length} model call(s)` : ""}</summary>
      <h3>Input</h3>
      {step.input ? <JsonView value={step.input} /> : <p class="muted">None recorded.</p>}
      <h3>Output</h3>
      {step.output ? <JsonView value={step.output} /> : <p class="muted">None yet.</p>}
      {calls.length > 0 && (
        <>
          <h3>Model calls</h3>
          <ul class="calls">
            {calls.map((call) => (
              <li>
                {`${call.model}: `}
                {call.error
                  ? `failed after ${formatDuration(call.durationMs)}: ${call.error}`
                  : `${formatCount(call.inputTokens ?? 0)} in / ${formatCount(call.outputTokens ?? 0)} out, ${formatUsd(call.costUsd ?? 0)}, ${formatDuration(call.durationMs)}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {tools.length > 0 && (
        <>
          <h3>Tool calls</h3>
          <ul class="calls">
            {tools.map((tool) => (
              <li>{`${tool.tool}: ${tool.ok ? "ok" : `failed: ${tool.error ?? ""}`}, ${formatDuration(tool.durationMs)}`}</li>
            ))}
          </ul>
        </>
      )}
      {step.stepType === "agent" && (
        <>
          <h3>Turns</h3>
          <AgentTurns step={step} events={own} />
        </>
      )}
    </details>
  );
}
