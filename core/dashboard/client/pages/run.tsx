import type { Child } from "hono/jsx";
import { useEffect, useRef, useState } from "hono/jsx/dom";
import { RETRY_CANNOT_HELP } from "../../../domain/step-error";
import { api, errorMessage } from "../api";
import { JsonView } from "../components/json-view";
import { ErrorNotice, Loading, RunStatusBadge } from "../components/status";
import { definitionLabel, useDefinitions } from "../definitions";
import { formatTime, shortId } from "../format";
import { announce, invalidate, useLoad } from "../hooks";
import { useRunStream } from "../run-stream";
import { LIVE_STATUSES, type RunCost, type RunEvent, type RunWithSteps } from "../types";
import { ChildRuns } from "./child-runs";
import { RunCostPanel, StepsTable } from "./run-parts";
import { RerunPanel, UpgradePanel } from "./run-versions";
import { SignalPanel } from "./signal-panel";
import { Timeline } from "./timeline";

/** Events often come in bursts (a step's start and end): the run and its cost are read once per burst. */
const RELOAD_AFTER_MS = 300;

/** A term and its value in the run's facts. */
function Fact({ term, children }: { term: string; children: Child }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface RunView {
  run: RunWithSteps;
  cost: RunCost | undefined;
}

/**
 * One run: status, input, output, steps, cost and a timeline that follows the run's live stream; the run and
 * its cost are read again after each burst of events.
 */
export function RunPage({ id }: { id: string }) {
  const path = `/workflow-runs/${encodeURIComponent(id)}`;
  const lastStatus = useRef<string | undefined>(undefined);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [events, setEvents] = useState<RunEvent[]>([]);
  const [live, setLive] = useState(true);
  const [generation, setGeneration] = useState(0);
  const [acting, setActing] = useState<string | undefined>(undefined);
  const [actionError, setActionError] = useState<string | undefined>(undefined);

  const view = useLoad<RunView>(async () => {
    const [run, cost] = await Promise.all([
      api<RunWithSteps>("GET", path),
      api<RunCost>("GET", `${path}/cost`).catch(() => undefined),
    ]);
    setLive(LIVE_STATUSES.includes(run.status));
    // A run that pauses or moves on changes the inbox: the navigation's count follows at once.
    if (lastStatus.current !== undefined && lastStatus.current !== run.status) invalidate("approvals");
    lastStatus.current = run.status;
    return { run, cost };
  }, path);
  const reloadSoon = () => {
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(view.reload, RELOAD_AFTER_MS);
  };
  useEffect(() => {
    setEvents([]);
    return () => clearTimeout(reloadTimer.current);
  }, [path]);
  useRunStream(path, generation, {
    onEvent: (event) => {
      setEvents((held) => [...held, event]);
      reloadSoon();
    },
    // The run has stopped: its final status and cost at once, not after a burst.
    onEnd: () => {
      clearTimeout(reloadTimer.current);
      view.reload();
    },
  });
  const definitions = useDefinitions(view.data ? [view.data.run.definitionId] : []);

  const act = async (action: "cancel" | "retry") => {
    setActing(action);
    setActionError(undefined);
    try {
      await api("POST", `${path}/${action}`);
      announce(action === "cancel" ? "Run cancelled." : "Run retrying from its failed step.");
      setLive(true);
      view.reload();
      // A retried run is live again: its stream, which ended with the failure, is followed anew.
      setGeneration((n) => n + 1);
    } catch (err) {
      setActionError(errorMessage(err));
    } finally {
      setActing(undefined);
    }
  };

  const run = view.data?.run;
  const failure = events.findLast((event) => event.eventType === "WORKFLOW_FAILED")?.payload.code;
  const hopeless = typeof failure === "string" && RETRY_CANNOT_HELP.has(failure) ? failure : undefined;
  return (
    <main id="main">
      <p class="crumbs">
        <a href="#/runs">Runs</a> /
      </p>
      <div class="page-head">
        <h1 tabindex={-1}>
          Run <span class="mono">{shortId(id)}</span>
        </h1>
        {run && (
          <div class="actions">
            {LIVE_STATUSES.includes(run.status) && (
              <button type="button" class="danger" disabled={!!acting} onClick={() => act("cancel")}>
                {acting === "cancel" ? "Cancelling…" : "Cancel run"}
              </button>
            )}
            {run.status === "FAILED" && !hopeless && (
              <button type="button" class="primary" disabled={!!acting} onClick={() => act("retry")}>
                {acting === "retry" ? "Retrying…" : "Retry"}
              </button>
            )}
            {run.status === "FAILED" && hopeless && (
              <p class="muted" data-testid="retry-hopeless">
                {`A retry would fail the same way (${hopeless}): change the definition, or rerun from a step.`}
              </p>
            )}
          </div>
        )}
      </div>
      <ErrorNotice error={actionError ?? view.error} />
      {!run && !view.error && <Loading />}
      {run && (
        <>
          <dl class="facts">
            <div>
              <dt>Status</dt>
              <dd aria-live="polite" data-testid="run-status">
                <RunStatusBadge run={run} />
              </dd>
            </div>
            <Fact term="Current step">{run.currentStepName ?? "—"}</Fact>
            <Fact term="Definition">{definitionLabel(definitions, run.definitionId)}</Fact>
            {run.parentRunId && (
              <Fact term="Started by run">
                <a href={`#/runs/${run.parentRunId}`} class="mono">
                  {shortId(run.parentRunId)}
                </a>
              </Fact>
            )}
            {run.rerunOf && (
              <Fact term="Rerun of">
                <a href={`#/runs/${run.rerunOf}`} class="mono">
                  {shortId(run.rerunOf)}
                </a>
              </Fact>
            )}
            <Fact term="Supersession key">{run.supersessionKey ?? "—"}</Fact>
            <Fact term="Created">{formatTime(run.createdAt)}</Fact>
            <Fact term="Updated">{formatTime(run.updatedAt)}</Fact>
          </dl>
          {run.status === "PAUSED" && (
            <p class="notice notice-warn">
              This run waits for a human decision. <a href="#/approvals">Review it in the approvals inbox</a>.
            </p>
          )}
          <div class="grid-2">
            <section class="card" aria-labelledby="input-title">
              <h2 id="input-title">Input</h2>
              <JsonView value={run.input} />
            </section>
            <section class="card" aria-labelledby="output-title">
              <h2 id="output-title">Output</h2>
              {run.output ? <JsonView value={run.output} /> : <p class="muted">No output yet.</p>}
            </section>
          </div>
          {LIVE_STATUSES.includes(run.status) && <SignalPanel runId={run.id} onSent={view.reload} />}
          {definitions &&
            (LIVE_STATUSES.includes(run.status) ? (
              <UpgradePanel run={run} definitions={definitions} onUpgraded={view.reload} />
            ) : (
              <RerunPanel run={run} definitions={definitions} />
            ))}
          <RunCostPanel cost={view.data?.cost} />
          <StepsTable steps={run.steps} events={events} />
          <ChildRuns runId={run.id} events={events} />
          <Timeline events={events} live={live} />
        </>
      )}
    </main>
  );
}
