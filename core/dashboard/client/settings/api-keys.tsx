import { useAction } from "../action";
import { api } from "../api";
import { ConfirmButton } from "../components/confirm-button";
import { Field } from "../components/form";
import { useSecretOnce } from "../components/secret-once";
import { LoadState } from "../components/status";
import { actionsColumn, Table } from "../components/table";
import { formatAgo, formatTime } from "../format";
import { useLoad } from "../hooks";
import type { ApiKey } from "../types";

export function ApiKeysSettings() {
  const keys = useLoad(() => api<ApiKey[]>("GET", "/api-keys"), "api-keys");
  const secret = useSecretOnce();
  const action = useAction();

  const create = action.submit(async (data) => {
    const name = String(data.get("name") ?? "");
    const created = await api<{ key: string; name: string }>("POST", "/api-keys", { name });
    secret.show(`New key “${created.name}”`, created.key);
    keys.reload();
    return `API key ${name} created.`;
  });

  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p class="muted">
        Keys authenticate calls to the REST API (header x-api-key). Revoking one is immediate.
      </p>
      {secret.panel}
      <form class="inline-form" onSubmit={create}>
        <Field label="Name">
          <input name="name" required maxlength={100} placeholder="e.g. CI deploys" />
        </Field>
        <button type="submit" class="primary" disabled={action.busy}>
          Create key
        </button>
      </form>
      <LoadState items={keys.data} loadError={keys.error} error={action.error} empty="No active keys." />
      <Table
        caption="Active API keys"
        rows={keys.data ?? []}
        rowKey={(key) => key.id}
        columns={[
          { head: "Name", cell: (key) => key.name },
          { head: "Key", class: "mono", cell: (key) => `${key.keyPrefix}…` },
          { head: "Last used", cell: (key) => (key.lastUsedAt ? formatAgo(key.lastUsedAt) : "never") },
          { head: "Created", cell: (key) => formatTime(key.createdAt) },
          actionsColumn((key: ApiKey) => (
            <ConfirmButton
              label="Revoke"
              confirm={`Revoke ${key.name}?`}
              onConfirm={action.remove(
                `/api-keys/${encodeURIComponent(key.id)}`,
                keys.reload,
                `API key ${key.name} revoked.`,
              )}
            />
          )),
        ]}
      />
    </section>
  );
}
