import { useState } from "hono/jsx/dom";
import { api, errorMessage } from "../api";
import { Field, formValues } from "../components/form";
import { ErrorNotice } from "../components/status";
import { announce } from "../hooks";

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
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const send = async (event: Event) => {
    const data = formValues(event);
    const text = String(data.get("payload") ?? "").trim();
    let payload: unknown;
    try {
      payload = text === "" ? undefined : JSON.parse(text);
    } catch (parseError) {
      setError(`The payload is not JSON: ${errorMessage(parseError)}`);
      return;
    }
    const id = String(data.get("id") ?? "").trim() || undefined;
    setBusy(true);
    setError(undefined);
    try {
      const path = `/workflow-runs/${encodeURIComponent(runId)}/signals`;
      const answer = await api<{ status: string }>("POST", path, {
        signalType: String(data.get("signalType") ?? "").trim(),
        payload,
        id,
      });
      announce(ANSWERS[answer.status] ?? `Signal ${answer.status}.`);
      onSent();
    } catch (sendError) {
      setError(errorMessage(sendError));
    } finally {
      setBusy(false);
    }
  };
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
