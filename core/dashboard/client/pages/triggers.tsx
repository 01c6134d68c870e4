import { useState } from "hono/jsx/dom";
import { useAction } from "../action";
import { api, apiPage, query } from "../api";
import { Ago } from "../components/ago";
import { ConfirmButton } from "../components/confirm-button";
import { RunLink } from "../components/run-link";
import { LoadState, StatusBadge } from "../components/status";
import { definitionLabel, useDefinitions } from "../definitions";
import { formatTime } from "../format";
import { useLoad } from "../hooks";
import { href } from "../router";
import type { Run, Trigger } from "../types";

const RECENT_RUNS = 5;

/**
 * The workspace's triggers (docs/triggers.md), refreshed every 10 s: what starts each, its next and last
 * fire, pause and resume, delete, and its recent runs. Triggers are created through the API.
 */
export function TriggersPage() {
  const triggers = useLoad(() => api<Trigger[]>("GET", "/triggers"), "triggers", 10_000);
  const definitions = useDefinitions(triggers.data?.map((trigger) => trigger.definitionId) ?? []);
  const [open, setOpen] = useState<string | undefined>(undefined);
  const action = useAction();

  const setStatus = (trigger: Trigger, status: "active" | "paused") =>
    action.run(
      async () => {
        await api("PATCH", `/triggers/${encodeURIComponent(trigger.id)}`, { status });
        triggers.reload();
      },
      status === "paused" ? "Trigger paused." : "Trigger resumed.",
    );

  return (
    <main id="main">
      <h1 tabindex={-1}>Triggers</h1>
      <p class="muted">
        Runs started on a cron schedule or by the events you send to <code>POST /v1/events</code>.
      </p>
      <LoadState items={triggers.data} loadError={triggers.error} error={action.error} empty="No triggers." />
      <ul class="rows">
        {(triggers.data ?? []).map((trigger) => (
          <li key={trigger.id} class="row row-wrap">
            <div>
              <strong class="break">{describe(trigger)}</strong> <StatusBadge status={trigger.status} />
              <div class="muted small">
                {definitionLabel(definitions, trigger.definitionId)}
                {trigger.type === "cron" &&
                  ` · next fire ${trigger.nextFireAt ? formatTime(trigger.nextFireAt) : "none while paused"}`}
                {trigger.lastFireAt && ` · last fire ${formatTime(trigger.lastFireAt)}`}
              </div>
            </div>
            <div class="row-actions">
              <button
                type="button"
                disabled={action.busy}
                onClick={() => setStatus(trigger, trigger.status === "active" ? "paused" : "active")}
              >
                {trigger.status === "active" ? "Pause" : "Resume"}
              </button>
              <button
                type="button"
                aria-expanded={open === trigger.id}
                onClick={() => setOpen(open === trigger.id ? undefined : trigger.id)}
              >
                {open === trigger.id ? "Hide runs" : "Recent runs"}
              </button>
              <ConfirmButton
                label="Delete"
                confirm="Delete this trigger?"
                onConfirm={action.remove(
                  `/triggers/${encodeURIComponent(trigger.id)}`,
                  triggers.reload,
                  "Trigger deleted.",
                )}
              />
            </div>
            {open === trigger.id && <RecentRuns triggerId={trigger.id} />}
          </li>
        ))}
      </ul>
    </main>
  );
}

function describe(trigger: Trigger): string {
  if (trigger.type === "cron") return `Cron ${trigger.cron} (${trigger.timezone})`;
  const filter = trigger.filter ? ` where ${JSON.stringify(trigger.filter)}` : "";
  return `Event ${trigger.eventName}${filter}`;
}

/** The trigger's latest runs, and a link to all of them in the runs list. */
function RecentRuns({ triggerId }: { triggerId: string }) {
  const path = `/workflow-runs${query({ triggerId, pageSize: RECENT_RUNS })}`;
  const runs = useLoad(() => apiPage<Run>(path), path, 5000);
  return (
    <div class="stack-form">
      <LoadState items={runs.data?.data} loadError={runs.error} empty="No runs yet." />
      <ul aria-label="Recent runs">
        {(runs.data?.data ?? []).map((run) => (
          <li key={run.id}>
            <RunLink id={run.id} /> <StatusBadge status={run.status} /> <Ago iso={run.createdAt} />
          </li>
        ))}
      </ul>
      <a href={href("/runs", { supersessionKey: `trigger:${triggerId}` })}>All runs of this trigger</a>
    </div>
  );
}
