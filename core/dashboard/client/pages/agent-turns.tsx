import { agentTurns } from "../agent-turns";
import { api } from "../api";
import { ErrorNotice, Loading } from "../components/status";
import { formatCount, formatDuration, formatUsd } from "../format";
import { useLoad } from "../hooks";
import type { AgentTranscript, RunEvent, StepRun } from "../types";

/** A tool's answer is cut here on the page; the whole of it is in the transcript (the CLI, the API). */
const RESULT_CHARS = 400;

/**
 * An agent step's turns (docs/agents.md): each model turn's text and what it spent, each tool call's
 * arguments, result and duration, read from the step's transcript again whenever the run's events for the
 * step (`events`, the step run's own) grow, so a running agent's turns appear as they are committed.
 */
export function AgentTurns({ step, events }: { step: StepRun; events: readonly RunEvent[] }) {
  const run = encodeURIComponent(step.workflowRunId);
  const path = `/workflow-runs/${run}/steps/${encodeURIComponent(step.id)}/transcript`;
  const transcript = useLoad<AgentTranscript>(() => api("GET", path), `${path}#${events.length}`);
  if (transcript.error) return <ErrorNotice error={transcript.error} />;
  if (!transcript.data) return <Loading />;
  const turns = agentTurns(transcript.data, events);
  if (turns.length === 0) return <p class="muted">No turn committed yet.</p>;
  return (
    <ol class="agent-turns" aria-label={`Turns of ${step.stepName}`}>
      {turns.map((turn) => (
        <li>
          <strong>{`Turn ${turn.turn}`}</strong>
          {turn.costUsd !== undefined &&
            ` (${formatCount(turn.inputTokens ?? 0)} in / ${formatCount(turn.outputTokens ?? 0)} out, ${formatUsd(turn.costUsd)})`}
          {turn.text && <p>{turn.text}</p>}
          {turn.calls.length > 0 && (
            <ul class="calls">
              {turn.calls.map((call) => (
                <li>
                  <code>{`${call.name}(${JSON.stringify(call.arguments)})`}</code>
                  {call.result === undefined
                    ? " running…"
                    : ` → ${call.ok === false ? "failed: " : ""}${call.result.slice(0, RESULT_CHARS)}${call.result.length > RESULT_CHARS ? "…" : ""}${call.durationMs === undefined ? "" : `, ${formatDuration(call.durationMs)}`}`}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
