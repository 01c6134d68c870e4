import { apiPage, query } from "../api";
import { Ago } from "../components/ago";
import { Field, formValues, Options } from "../components/form";
import { Pager } from "../components/pager";
import { RunLink } from "../components/run-link";
import { LoadState, RunStatusBadge, WAITING_FOR_LABELS } from "../components/status";
import { Table } from "../components/table";
import { definitionLabel, useDefinitions } from "../definitions";
import { localDayStart } from "../format";
import { useLoad } from "../hooks";
import { href, navigate } from "../router";
import { RUN_STATUSES, type Run } from "../types";

const PAGE_SIZE = 20;

/**
 * Runs, newest first, filtered by status, what a PENDING run waits for, definition, supersession key and days
 * created; refreshed every 5 s.
 */
export function RunsPage({ params }: { params: URLSearchParams }) {
  const filters = {
    status: params.get("status") ?? undefined,
    waitingFor: params.get("waitingFor") ?? undefined,
    definitionId: params.get("definitionId") ?? undefined,
    supersessionKey: params.get("supersessionKey") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  };
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { from, to, ...others } = filters;
  // Days in the browser's time zone, both included: from the first moment of `from` to that of the day after `to`.
  const window = {
    createdAfter: from && localDayStart(from),
    createdBefore: to && localDayStart(to, 1),
  };
  const path = `/workflow-runs${query({ ...others, ...window, page, pageSize: PAGE_SIZE })}`;
  const runs = useLoad(() => apiPage<Run>(path), path, 5000);
  const definitions = useDefinitions(runs.data?.data.map((run) => run.definitionId) ?? []);

  const applyFilters = (event: Event) => {
    const data = formValues(event);
    const value = (name: string) => String(data.get(name) ?? "").trim() || undefined;
    // Days picked the wrong way round still name one span of days.
    const [start, end] = [value("from"), value("to")];
    const [from, to] = start && end && start > end ? [end, start] : [start, end];
    navigate("/runs", {
      status: value("status"),
      waitingFor: value("waitingFor"),
      definitionId: value("definitionId"),
      supersessionKey: value("supersessionKey"),
      from,
      to,
    });
  };
  const filtered = Object.values(filters).some(Boolean);
  const goToRun = (event: Event) => {
    const runId = String(formValues(event).get("runId") ?? "").trim();
    if (runId) navigate(`/runs/${runId}`);
  };

  return (
    <main id="main">
      <h1 tabindex={-1}>Runs</h1>
      <search>
        <form class="filters run-search" onSubmit={goToRun} aria-label="Find a run by id">
          <Field label="Run id">
            <input name="runId" placeholder="run_…" maxlength={100} autocomplete="off" />
          </Field>
          <div class="filter-actions">
            <button type="submit">Go to run</button>
          </div>
        </form>
      </search>
      <form class="filters filters-runs" onSubmit={applyFilters} aria-label="Filter runs">
        <Field label="Status">
          <select name="status">
            <option value="">Any</option>
            <Options options={RUN_STATUSES} selected={filters.status} />
          </select>
        </Field>
        <Field label="Waiting for">
          <select name="waitingFor">
            <option value="">Anything or nothing</option>
            <Options options={Object.entries(WAITING_FOR_LABELS)} selected={filters.waitingFor} />
          </select>
        </Field>
        <Field label="Definition">
          <select name="definitionId">
            <option value="">Any</option>
            <Options
              options={(definitions ?? []).map((d) => [d.id, `${d.name} v${d.version}`] as const)}
              selected={filters.definitionId}
            />
          </select>
        </Field>
        <Field label="Supersession key">
          <input name="supersessionKey" value={filters.supersessionKey ?? ""} maxlength={255} />
        </Field>
        <Field label="Created from">
          <input type="date" name="from" value={from ?? ""} />
        </Field>
        <Field label="Created to">
          <input type="date" name="to" value={to ?? ""} />
        </Field>
        <div class="filter-actions">
          <button type="submit" class="primary">
            Filter
          </button>
          {filtered && (
            <a class="button" href="#/runs">
              Clear
            </a>
          )}
        </div>
      </form>
      <LoadState
        items={runs.data?.data}
        loadError={runs.error}
        empty={
          filtered ? "No run matches these filters." : "No runs yet. Start one with POST /v1/workflow-runs."
        }
      />
      <Table
        class="runs-table"
        caption="Runs, newest first"
        rows={runs.data?.data ?? []}
        columns={[
          { head: "Run", cell: (run) => <RunLink id={run.id} /> },
          { head: "Status", cell: (run) => <RunStatusBadge run={run} /> },
          { head: "Definition", cell: (run) => definitionLabel(definitions, run.definitionId) },
          { head: "Current step", cell: (run) => run.currentStepName ?? "—" },
          { head: "Supersession key", cell: (run) => run.supersessionKey ?? "—" },
          { head: "Created", cell: (run) => <Ago iso={run.createdAt} /> },
        ]}
      />
      <Pager meta={runs.data?.meta} to={(p) => href("/runs", { ...filters, page: p })} />
    </main>
  );
}
