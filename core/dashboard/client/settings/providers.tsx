import { useState } from "hono/jsx/dom";
import { useAction } from "../action";
import { api } from "../api";
import { ConfirmButton } from "../components/confirm-button";
import { Field, Options } from "../components/form";
import { LoadState } from "../components/status";
import { formatTime } from "../format";
import { useLoad } from "../hooks";
import type { Provider } from "../types";

const PROVIDERS = ["openai", "anthropic", "google"] as const;

/** The workspace's own model provider keys: set (write-only), fallback order, enable or disable, delete. */
export function ProvidersSettings() {
  const list = useLoad(() => api<Provider[]>("GET", "/llm-providers"), "providers");
  const providers = [...(list.data ?? [])].sort((a, b) => a.priority - b.priority);
  const action = useAction();
  const [draft, setDraft] = useState<{ provider: string; enabled: boolean; priority: number } | undefined>();

  const save = action.submit(async (data) => {
    const body = {
      provider: String(data.get("provider")),
      apiKey: String(data.get("apiKey")),
      priority: Number(data.get("priority") || 0),
      isEnabled: data.get("isEnabled") === "on",
    };
    await api("PUT", "/llm-providers", body);
    list.reload();
    setDraft(undefined);
    return `${body.provider} key saved${body.isEnabled ? "" : " (disabled)"}.`;
  });

  // Moving one provider renumbers all of them 0, 1, 2 in the new order, in one all-or-nothing request.
  const move = (index: number, by: -1 | 1) => {
    const order = [...providers];
    const [moved] = order.splice(index, 1);
    if (!moved) return;
    order.splice(index + by, 0, moved);
    void action.run(
      async () => {
        await api("PATCH", "/llm-providers/priority", {
          providers: order.map((p, priority) => ({ provider: p.provider, priority })),
        });
        list.reload();
      },
      `${moved.provider} moved ${by < 0 ? "up" : "down"}.`,
    );
  };

  return (
    <section aria-labelledby="providers-title">
      <h2 id="providers-title">Model providers</h2>
      <p class="muted">
        Your own keys for model providers, tried in this order when a step's model fails. Keys are write-only:
        to change a provider's settings, enter its key again.
      </p>
      <LoadState
        items={list.data}
        loadError={list.error}
        error={action.error}
        empty="No provider keys: the server's keys apply."
      />
      {providers.length > 0 && (
        <ol class="rows">
          {providers.map((p, index) => (
            <li key={p.id} class="row">
              <div>
                <strong>{p.provider}</strong> <span class="muted">priority {p.priority}</span>{" "}
                <span class={`badge ${p.isEnabled ? "badge-completed" : "badge-cancelled"}`}>
                  {p.isEnabled ? "enabled" : "disabled"}
                </span>
                <div class="muted small">updated {formatTime(p.updatedAt)}</div>
              </div>
              <div class="row-actions">
                <button type="button" disabled={index === 0} onClick={() => move(index, -1)}>
                  <span aria-hidden="true">↑</span> <span class="sr-only">Move {p.provider}</span> up
                </button>
                <button
                  type="button"
                  disabled={index === providers.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <span aria-hidden="true">↓</span> <span class="sr-only">Move {p.provider}</span> down
                </button>
                <button
                  type="button"
                  onClick={() => {
                    setDraft({ provider: p.provider, enabled: !p.isEnabled, priority: p.priority });
                    setTimeout(() => document.getElementById("provider-key")?.focus(), 0);
                  }}
                >
                  {p.isEnabled ? "Disable…" : "Enable…"}
                </button>
                <ConfirmButton
                  label="Delete"
                  confirm={`Delete ${p.provider} key?`}
                  onConfirm={action.remove(
                    `/llm-providers/${p.provider}`,
                    list.reload,
                    `${p.provider} key deleted.`,
                  )}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <form class="stack-form card" onSubmit={save} key={JSON.stringify(draft ?? {})}>
        <h3>{draft ? `Change ${draft.provider}` : "Set a provider key"}</h3>
        <Field label="Provider">
          <select name="provider">
            <Options options={PROVIDERS} selected={draft?.provider} />
          </select>
        </Field>
        <Field label="API key">
          <input id="provider-key" name="apiKey" type="password" required minlength={10} autocomplete="off" />
        </Field>
        <Field label="Priority (lower is tried first)">
          <input name="priority" type="number" min={0} max={99} value={String(draft?.priority ?? 0)} />
        </Field>
        <label class="check">
          <input name="isEnabled" type="checkbox" checked={draft?.enabled ?? true} /> Enabled
        </label>
        <button type="submit" class="primary" disabled={action.busy}>
          Save provider key
        </button>
      </form>
    </section>
  );
}
