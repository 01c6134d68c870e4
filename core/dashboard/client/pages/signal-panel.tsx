import { useAction } from "../action";
import { api } from "../api";
import { Field } from "../components/form";
import { ErrorNotice } from "../components/status";
import { parseJsonField } from "../json-field";

/** What POST …/signals answered: taken by the waiting step, kept for a later step, or a repeated id. */
const ANSWERS: Record<string, string> = {
  delivered: "Signal delivered to the waiting step.",
  buffered: "Signal kept: the first step that waits for its type takes it.",
  duplicate: "A signal with this id was already applied; nothing changed.",
};

/**
 * Sends a signal to a live run (POST /v1/workflow-runs/:id/signals, docs/flow.md): its type, an optional
 * JSON payload and an optional id that makes sending it again harmless.
 */
export function SignalPanel({ runId, onSent }: { runId: string; onSent: () => void }) {
  const { error, busy, submit } = useAction();
  const send = submit(async (data) => {
    const payload = parseJsonField("payload", data.get("payload"));
    const path = `/workflow-runs/${encodeURIComponent(runId)}/signals`;
    const answer = await api<{ status: string }>("POST", path, {
      signalType: String(data.get("signalType") ?? "").trim(),
      payload,
      id: String(data.get("id") ?? "").trim() || undefined,
    });
    onSent();
    return ANSWERS[answer.status] ?? `Signal ${answer.status}.`;
  });
  return (
    <section class="card" aria-labelledby="signal-title">
      <h2 id="signal-title">Send a signal</h2>
      <ErrorNotice error={error} />
      <form onSubmit={send} aria-label="Send a signal">
        <Field label="Signal type">
          <input name="signalType" required maxlength={100} autocomplete="off" />
        </Field>
        <Field label="Payload (JSON, optional)">
          <textarea name="payload" rows={3} spellcheck={false} />
        </Field>
        <Field label="Signal id" hint="Optional: a repeat with the same id is applied once">
          <input name="id" maxlength={255} autocomplete="off" />
        </Field>
        <button type="submit" disabled={busy}>
          Send signal
        </button>
      </form>
    </section>
  );
}
