import { useState } from "hono/jsx/dom";
import { api } from "../api";
import { ConfirmButton } from "../components/confirm-button";
import { SecretOnce } from "../components/secret-once";
import { Empty, ErrorNotice, Loading } from "../components/status";
import { formatTime } from "../format";
import { useLoad } from "../hooks";
import type { RemoteTool } from "../types";
import { formValues, useAction } from "./shared";

/** Remote tools that llm steps may call: register (signing secret shown once) and delete. */
export function ToolsSettings() {
  const tools = useLoad(() => api<RemoteTool[]>("GET", "/remote-tools"), "tools");
  const [created, setCreated] = useState<{ name: string; secret: string } | undefined>(undefined);
  const action = useAction();

  const create = async (event: Event) => {
    const form = event.currentTarget as HTMLFormElement;
    const data = formValues(event);
    const body = {
      name: String(data.get("name")),
      url: String(data.get("url")),
      timeoutMs: Number(data.get("timeoutMs") || 10_000),
    };
    await action.run(async () => {
      setCreated(await api<{ name: string; secret: string }>("POST", "/remote-tools", body));
      form.reset();
      tools.reload();
    }, `Tool ${body.name} registered.`);
  };

  return (
    <section aria-labelledby="tools-title">
      <h2 id="tools-title">Remote tools</h2>
      <p class="muted">
        HTTPS endpoints your llm steps may call; each call is signed with the tool's secret.
      </p>
      {created && (
        <SecretOnce
          label={`Signing secret of ${created.name}`}
          secret={created.secret}
          onDone={() => setCreated(undefined)}
        />
      )}
      <ErrorNotice error={action.error ?? tools.error} />
      {!tools.data && !tools.error && <Loading />}
      {tools.data?.length === 0 && <Empty>No remote tools.</Empty>}
      {tools.data && tools.data.length > 0 && (
        <table class="table">
          <caption class="sr-only">Remote tools</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">URL</th>
              <th scope="col" class="num">
                Timeout
              </th>
              <th scope="col">Created</th>
              <th scope="col">
                <span class="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tools.data.map((tool) => (
              <tr key={tool.id}>
                <td data-label="Name" class="mono">
                  {tool.name}
                </td>
                <td data-label="URL" class="break">
                  {tool.url}
                </td>
                <td data-label="Timeout" class="num">
                  {tool.timeoutMs} ms
                </td>
                <td data-label="Created">{formatTime(tool.createdAt)}</td>
                <td class="row-actions">
                  <ConfirmButton
                    label="Delete"
                    confirm={`Delete ${tool.name}?`}
                    onConfirm={() =>
                      action.run(async () => {
                        await api("DELETE", `/remote-tools/${encodeURIComponent(tool.id)}`);
                        tools.reload();
                      }, `Tool ${tool.name} deleted.`)
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form class="stack-form card" onSubmit={create}>
        <h3>Register a tool</h3>
        <label>
          Name
          <input
            name="name"
            required
            maxlength={64}
            pattern="[A-Za-z][A-Za-z0-9_\-]*"
            placeholder="lookup_order"
          />
        </label>
        <label>
          URL
          <input
            name="url"
            type="url"
            required
            maxlength={2048}
            placeholder="https://tools.example.com/lookup"
          />
        </label>
        <label>
          Timeout (ms)
          <input name="timeoutMs" type="number" min={100} max={30000} value="10000" />
        </label>
        <button type="submit" class="primary" disabled={action.busy}>
          Register tool
        </button>
      </form>
    </section>
  );
}
