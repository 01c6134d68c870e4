import { useState } from "hono/jsx/dom";
import { api } from "../api";
import { ConfirmButton } from "../components/confirm-button";
import { SecretOnce } from "../components/secret-once";
import { Empty, ErrorNotice, Loading } from "../components/status";
import { formatTime } from "../format";
import { useLoad } from "../hooks";
import { WEBHOOK_EVENTS, type Webhook } from "../types";
import { Deliveries } from "./deliveries";
import { formValues, useAction } from "./shared";

/** Webhooks: register (secret shown once), delete, and each one's delivery log. */
export function WebhooksSettings() {
  const hooks = useLoad(() => api<Webhook[]>("GET", "/webhooks"), "webhooks");
  const [created, setCreated] = useState<{ url: string; secret: string } | undefined>(undefined);
  const [open, setOpen] = useState<string | undefined>(undefined);
  const action = useAction();

  const create = async (event: Event) => {
    const form = event.currentTarget as HTMLFormElement;
    const data = formValues(event);
    const body = { url: String(data.get("url")), events: data.getAll("events").map(String) };
    await action.run(async () => {
      if (body.events.length === 0) throw new Error("Choose at least one event.");
      setCreated(await api<{ url: string; secret: string }>("POST", "/webhooks", body));
      form.reset();
      hooks.reload();
    }, "Webhook registered.");
  };

  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="muted">Signed POSTs to your URL when runs finish or wait for approval.</p>
      {created && (
        <SecretOnce
          label={`Signing secret for ${created.url}`}
          secret={created.secret}
          onDone={() => setCreated(undefined)}
        />
      )}
      <ErrorNotice error={action.error ?? hooks.error} />
      {!hooks.data && !hooks.error && <Loading />}
      {hooks.data?.length === 0 && <Empty>No webhooks.</Empty>}
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
                onConfirm={() =>
                  action.run(async () => {
                    await api("DELETE", `/webhooks/${encodeURIComponent(hook.id)}`);
                    hooks.reload();
                  }, "Webhook deleted.")
                }
              />
            </div>
            {open === hook.id && <Deliveries webhookId={hook.id} />}
          </li>
        ))}
      </ul>
      <form class="stack-form card" onSubmit={create}>
        <h3>Register a webhook</h3>
        <label>
          URL
          <input name="url" type="url" required maxlength={2048} placeholder="https://example.com/weft" />
        </label>
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
