import { useSyncExternalStore } from "hono/jsx/dom";
import { useAction } from "../action";
import { api } from "../api";
import { Field } from "../components/form";
import { Empty, ErrorNotice } from "../components/status";
import { formatTime } from "../format";
import { getSession, subscribeSession, updateSession } from "../session";
import type { Workspace } from "../types";

/** The account's workspaces: which one the dashboard shows, and a new one. */
export function WorkspacesSettings() {
  const session = useSyncExternalStore(subscribeSession, getSession);
  const action = useAction();
  const workspaces = session?.workspaces ?? [];

  const create = action.submit(async (data) => {
    const body = { name: String(data.get("name")), slug: String(data.get("slug")) };
    const workspace = await api<Workspace>("POST", "/workspaces", body);
    updateSession({ workspaces: [...workspaces, workspace] });
    return `Workspace ${body.name} created.`;
  });

  return (
    <section aria-labelledby="workspaces-title">
      <h2 id="workspaces-title">Workspaces</h2>
      <p class="muted">
        Each workspace has its own runs, keys and settings. The menu at the top switches between them.
      </p>
      {workspaces.length === 0 && <Empty>No workspaces.</Empty>}
      <ul class="rows">
        {workspaces.map((w) => (
          <li key={w.id} class="row">
            <div>
              <strong>{w.name}</strong> <span class="muted mono">{w.slug}</span>
              <div class="muted small">created {formatTime(w.createdAt)}</div>
            </div>
            <div class="row-actions">
              {w.id === session?.workspaceId ? (
                <span class="badge badge-completed">current</span>
              ) : (
                <button type="button" onClick={() => updateSession({ workspaceId: w.id })}>
                  Switch to {w.name}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ErrorNotice error={action.error} />
      <form class="stack-form card" onSubmit={create}>
        <h3>Create a workspace</h3>
        <Field label="Name">
          <input name="name" required maxlength={100} />
        </Field>
        <Field label="Slug" hint="Lowercase letters, digits and hyphens.">
          <input name="slug" required maxlength={50} pattern="[a-z0-9\-]+" placeholder="acme-staging" />
        </Field>
        <button type="submit" class="primary" disabled={action.busy}>
          Create workspace
        </button>
      </form>
    </section>
  );
}
