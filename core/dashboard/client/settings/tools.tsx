import { useAction } from "../action";
import { api } from "../api";
import { ConfirmButton } from "../components/confirm-button";
import { Field } from "../components/form";
import { useSecretOnce } from "../components/secret-once";
import { LoadState } from "../components/status";
import { actionsColumn, Table } from "../components/table";
import { formatTime } from "../format";
import { useLoad } from "../hooks";
import type { RemoteTool } from "../types";

/** Remote tools that llm steps may call: register (signing secret shown once) and delete. */
export function ToolsSettings() {
  const tools = useLoad(() => api<RemoteTool[]>("GET", "/remote-tools"), "tools");
  const secret = useSecretOnce();
  const action = useAction();

  const create = action.submit(async (data) => {
    const body = {
      name: String(data.get("name")),
      url: String(data.get("url")),
      timeoutMs: Number(data.get("timeoutMs") || 10_000),
    };
    const created = await api<{ name: string; secret: string }>("POST", "/remote-tools", body);
    secret.show(`Signing secret of ${created.name}`, created.secret);
    tools.reload();
    return `Tool ${body.name} registered.`;
  });

  return (
    <section aria-labelledby="tools-title">
      <h2 id="tools-title">Remote tools</h2>
      <p class="muted">
        HTTPS endpoints your llm steps may call; each call is signed with the tool's secret.
      </p>
      {secret.panel}
      <LoadState items={tools.data} loadError={tools.error} error={action.error} empty="No remote tools." />
      <Table
        caption="Remote tools"
        rows={tools.data ?? []}
        rowKey={(tool) => tool.id}
        columns={[
          { head: "Name", class: "mono", cell: (tool) => tool.name },
          { head: "URL", class: "break", cell: (tool) => tool.url },
          { head: "Timeout", num: true, cell: (tool) => `${tool.timeoutMs} ms` },
          { head: "Created", cell: (tool) => formatTime(tool.createdAt) },
          actionsColumn((tool: RemoteTool) => (
            <ConfirmButton
              label="Delete"
              confirm={`Delete ${tool.name}?`}
              onConfirm={action.remove(
                `/remote-tools/${encodeURIComponent(tool.id)}`,
                tools.reload,
                `Tool ${tool.name} deleted.`,
              )}
            />
          )),
        ]}
      />
      <form class="stack-form card" onSubmit={create}>
        <h3>Register a tool</h3>
        <Field label="Name">
          <input
            name="name"
            required
            maxlength={64}
            pattern="[A-Za-z][A-Za-z0-9_\-]*"
            placeholder="lookup_order"
          />
        </Field>
        <Field label="URL">
          <input
            name="url"
            type="url"
            required
            maxlength={2048}
            placeholder="https://tools.example.com/lookup"
          />
        </Field>
        <Field label="Timeout (ms)">
          <input name="timeoutMs" type="number" min={100} max={30000} value="10000" />
        </Field>
        <button type="submit" class="primary" disabled={action.busy}>
          Register tool
        </button>
      </form>
    </section>
  );
}
