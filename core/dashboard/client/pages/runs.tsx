import { apiPage, query } from "../api";
import { Pager } from "../components/pager";
import { Empty, ErrorNotice, Loading, StatusBadge } from "../components/status";
import { definitionLabel, useDefinitions } from "../definitions";
import { formatAgo, formatTime, shortId } from "../format";
import { useLoad } from "../hooks";
import { href, navigate } from "../router";
import { RUN_STATUSES, type Run } from "../types";

const PAGE_SIZE = 20;

/** Runs, newest first, filtered by status, definition and supersession key; refreshed every 5 s. */
export function RunsPage({ params }: { params: URLSearchParams }) {
  const filters = {
    status: params.get("status") ?? undefined,
    definitionId: params.get("definitionId") ?? undefined,
    supersessionKey: params.get("supersessionKey") ?? undefined,
  };
  const page = Math.max(1, Number(params.get("page")) || 1);
  const path = `/workflow-runs${query({ ...filters, page, pageSize: PAGE_SIZE })}`;
  const runs = useLoad(() => apiPage<Run>(path), path, 5000);
  const definitions = useDefinitions(runs.data?.data.map((run) => run.definitionId) ?? []);

  const applyFilters = (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const value = (name: string) => String(data.get(name) ?? "").trim() || undefined;
    navigate("/runs", {
      status: value("status"),
      definitionId: value("definitionId"),
      supersessionKey: value("supersessionKey"),
    });
  };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <main id="main">
      <h1 tabindex={-1}>Runs</h1>
      <form class="filters" onSubmit={applyFilters} aria-label="Filter runs">
        <label>
          Status
          <select name="status">
            <option value="">Any</option>
            {RUN_STATUSES.map((status) => (
              <option value={status} selected={filters.status === status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label>
          Definition
          <select name="definitionId">
            <option value="">Any</option>
            {(definitions ?? []).map((d) => (
              <option value={d.id} selected={filters.definitionId === d.id}>
                {d.name} v{d.version}
              </option>
            ))}
          </select>
        </label>
        <label>
          Supersession key
          <input name="supersessionKey" value={filters.supersessionKey ?? ""} maxlength={255} />
        </label>
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
      <ErrorNotice error={runs.error} />
      {!runs.data && !runs.error && <Loading />}
      {runs.data?.data.length === 0 && (
        <Empty>
          {filtered ? "No run matches these filters." : "No runs yet. Start one with POST /v1/workflow-runs."}
        </Empty>
      )}
      {runs.data && runs.data.data.length > 0 && (
        <table class="table runs-table">
          <caption class="sr-only">Runs, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Status</th>
              <th scope="col">Definition</th>
              <th scope="col">Current step</th>
              <th scope="col">Supersession key</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {runs.data.data.map((run) => (
              <tr>
                <td data-label="Run">
                  <a class="mono" href={`#/runs/${encodeURIComponent(run.id)}`}>
                    {shortId(run.id)}
                  </a>
                </td>
                <td data-label="Status">
                  <StatusBadge status={run.status} />
                </td>
                <td data-label="Definition">{definitionLabel(definitions, run.definitionId)}</td>
                <td data-label="Current step">{run.currentStepName ?? "—"}</td>
                <td data-label="Supersession key">{run.supersessionKey ?? "—"}</td>
                <td data-label="Created">
                  <time datetime={run.createdAt} title={formatTime(run.createdAt)}>
                    {formatAgo(run.createdAt)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager meta={runs.data?.meta} to={(p) => href("/runs", { ...filters, page: p })} />
    </main>
  );
}
