import { useState } from "hono/jsx/dom";
import { useAction } from "../action";
import { api } from "../api";
import { ConfirmButton } from "../components/confirm-button";
import { Field } from "../components/form";
import { useSecretOnce } from "../components/secret-once";
import { LoadState } from "../components/status";
import { formatTime } from "../format";
import { useLoad } from "../hooks";
import { WEBHOOK_EVENTS, type Webhook } from "../types";
import { Deliveries } from "./deliveries";

/** Webhooks: register (secret shown once), delete, and each one's delivery log. */
export function WebhooksSettings() {
  const hooks = useLoad(() => api<Webhook[]>("GET", "/webhooks"), "webhooks");
  const secret = useSecretOnce();
  const [open, setOpen] = useState<string | undefined>(undefined);
  const action = useAction();

  const create = action.submit(async (data) => {
    const body = { url: String(data.get("url")), events: data.getAll("events").map(String) };
    if (body.events.length === 0) throw new Error("Choose at least one event.");
    const created = await api<{ url: string; secret: string }>("POST", "/webhooks", body);
    secret.show(`Signing secret for ${created.url}`, created.secret);
    hooks.reload();
    return "Webhook registered.";
  });

  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="muted">Signed POSTs to your URL when runs finish or wait for approval.</p>
      {secret.panel}
      <LoadState items={hooks.data} loadError={hooks.error} error={action.error} empty="No webhooks." />
      <ul class="rows">
        {(hooks.data ?? []).map((hook) => (
          <li key={hook.id} class="row row-wrap">
            <div>
              <strong class="break">{hook.url}</strong>
              <div class="muted small">
                {hook.events.join(", ")} · created {formatTime(hook.createdAt)}
                {hook.isActive ? "" : " · inactive"}
              </div>
            </div>
            <div class="row-actions">
              <button
                type="button"
                aria-expanded={open === hook.id}
                onClick={() => setOpen(open === hook.id ? undefined : hook.id)}
              >
                {open === hook.id ? "Hide deliveries" : "Deliveries"}
              </button>
              <ConfirmButton
                label="Delete"
                confirm="Delete this webhook?"
                onConfirm={action.remove(
                  `/webhooks/${encodeURIComponent(hook.id)}`,
                  hooks.reload,
                  "Webhook deleted.",
                )}
              />
            </div>
            {open === hook.id && <Deliveries webhookId={hook.id} />}
          </li>
        ))}
      </ul>
      <form class="stack-form card" onSubmit={create}>
        <h3>Register a webhook</h3>
        <Field label="URL">
          <input name="url" type="url" required maxlength={2048} placeholder="https://example.com/weft" />
        </Field>
        <fieldset>
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <label class="check">
              <input type="checkbox" name="events" value={name} checked /> {name}
            </label>
          ))}
        </fieldset>
        <button type="submit" class="primary" disabled={action.busy}>
          Register webhook
        </button>
      </form>
    </section>
  );
}
