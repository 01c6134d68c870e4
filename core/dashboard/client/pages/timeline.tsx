import { JsonView } from "../components/json-view";
import { formatClock, formatTime, formatUsd } from "../format";
import type { Json, RunEvent } from "../types";

/** "STEP_STARTED" → "Step started". */
export function eventLabel(type: string): string {
  const words = type.toLowerCase().replaceAll("_", " ");
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/^Llm /, "LLM ");
}

function tone(type: string): string {
  if (type.endsWith("FAILED") || type === "GUARDRAIL_TRIGGERED") return "bad";
  if (type.endsWith("COMPLETED") || type === "APPROVAL_DECIDED") return "good";
  if (type === "APPROVAL_REQUESTED" || type.endsWith("RETRYING") || type.endsWith("CANCELLED")) return "warn";
  return "neutral";
}

/** The one line that says what an event was about, from the payload fields the engine records. */
function summary(payload: Json): string {
  const parts: string[] = [];
  const text = (key: string) => (typeof payload[key] === "string" ? (payload[key] as string) : undefined);
  if (text("stepName")) parts.push(text("stepName") as string);
  if (text("model")) parts.push(text("model") as string);
  if (typeof payload.attempt === "number" && payload.attempt > 1) parts.push(`attempt ${payload.attempt}`);
  if (text("decision"))
    parts.push(`${text("decision")}${text("decidedBy") ? ` by ${text("decidedBy")}` : ""}`);
  if (typeof payload.inputTokens === "number") {
    parts.push(`${payload.inputTokens} in / ${payload.outputTokens ?? 0} out tokens`);
  }
  if (typeof payload.costUsd === "number") parts.push(formatUsd(payload.costUsd));
  if (text("error")) parts.push(text("error") as string);
  if (text("reason")) parts.push(text("reason") as string);
  return parts.join(" · ");
}

export function Timeline({ events, live }: { events: RunEvent[]; live: boolean }) {
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">
        Timeline{" "}
        {live && (
          <span class="live" title="Updates every 2 seconds">
            live
          </span>
        )}
      </h2>
      {events.length === 0 ? (
        <p class="empty">No events yet.</p>
      ) : (
        <ol class="timeline" data-testid="timeline">
          {events.map((event) => (
            <li key={event.id} class={`event tone-${tone(event.eventType)}`} data-event={event.eventType}>
              <time datetime={event.createdAt} title={formatTime(event.createdAt)}>
                {formatClock(event.createdAt)}
              </time>
              <div class="event-body">
                <strong>{eventLabel(event.eventType)}</strong>
                <span class="muted"> {summary(event.payload)}</span>
                {Object.keys(event.payload).length > 0 && (
                  <details>
                    <summary>Details</summary>
                    <JsonView value={event.payload} />
                  </details>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
