import { useState } from "hono/jsx/dom";
import { api } from "../api";
import { ConfirmButton } from "../components/confirm-button";
import { SecretOnce } from "../components/secret-once";
import { Empty, ErrorNotice, Loading } from "../components/status";
import { formatAgo, formatTime } from "../format";
import { useLoad } from "../hooks";
import type { ApiKey } from "../types";
import { formValues, useAction } from "./shared";

export function ApiKeysSettings() {
  const keys = useLoad(() => api<ApiKey[]>("GET", "/api-keys"), "api-keys");
  const [created, setCreated] = useState<{ key: string; name: string } | undefined>(undefined);
  const action = useAction();

  const create = async (event: Event) => {
    const form = event.currentTarget as HTMLFormElement;
    const name = String(formValues(event).get("name") ?? "");
    await action.run(async () => {
      setCreated(await api<{ key: string; name: string }>("POST", "/api-keys", { name }));
      form.reset();
      keys.reload();
    }, `API key ${name} created.`);
  };

  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p class="muted">
        Keys authenticate calls to the REST API (header x-api-key). Revoking one is immediate.
      </p>
      {created && (
        <SecretOnce
          label={`New key “${created.name}”`}
          secret={created.key}
          onDone={() => setCreated(undefined)}
        />
      )}
      <form class="inline-form" onSubmit={create}>
        <label>
          Name
          <input name="name" required maxlength={100} placeholder="e.g. CI deploys" />
        </label>
        <button type="submit" class="primary" disabled={action.busy}>
          Create key
        </button>
      </form>
      <ErrorNotice error={action.error ?? keys.error} />
      {!keys.data && !keys.error && <Loading />}
      {keys.data?.length === 0 && <Empty>No active keys.</Empty>}
      {keys.data && keys.data.length > 0 && (
        <table class="table">
          <caption class="sr-only">Active API keys</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Last used</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span class="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => (
              <tr key={key.id}>
                <td data-label="Name">{key.name}</td>
                <td data-label="Key" class="mono">
                  {key.keyPrefix}…
                </td>
                <td data-label="Last used">{key.lastUsedAt ? formatAgo(key.lastUsedAt) : "never"}</td>
                <td data-label="Created">{formatTime(key.createdAt)}</td>
                <td class="row-actions">
                  <ConfirmButton
                    label="Revoke"
                    confirm={`Revoke ${key.name}?`}
                    onConfirm={() =>
                      action.run(async () => {
                        await api("DELETE", `/api-keys/${encodeURIComponent(key.id)}`);
                        keys.reload();
                      }, `API key ${key.name} revoked.`)
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
