import { api, apiPage } from "../api";
import { Pager } from "../components/pager";
import { Empty, ErrorNotice, Loading, StatusBadge } from "../components/status";
import { formatAgo, formatCount, formatTime, formatUsd, shortId } from "../format";
import { useLoad } from "../hooks";
import { href } from "../router";
import type { Run, RunCost } from "../types";

const PAGE_SIZE = 10;

/** The newest runs with what each cost (one cost request per run of the page). */
export function RunCosts({ page, from, to }: { page: number; from: string; to: string }) {
  const path = `/workflow-runs?page=${page}&pageSize=${PAGE_SIZE}`;
  const rows = useLoad(
    async () => {
      const runs = await apiPage<Run>(path);
      const costs = await Promise.all(
        runs.data.map((run) =>
          api<RunCost>("GET", `/workflow-runs/${encodeURIComponent(run.id)}/cost`).catch(() => undefined),
        ),
      );
      return { ...runs, costs };
    },
    path,
    10_000,
  );
  return (
    <section aria-labelledby="run-costs-title">
      <h2 id="run-costs-title">Cost per run</h2>
      <ErrorNotice error={rows.error} />
      {!rows.data && !rows.error && <Loading />}
      {rows.data?.data.length === 0 && <Empty>No runs yet.</Empty>}
      {rows.data && rows.data.data.length > 0 && (
        <table class="table" data-testid="run-costs">
          <caption class="sr-only">Newest runs and their cost</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col" class="num">
                Calls
              </th>
              <th scope="col" class="num">
                Tokens in / out
              </th>
              <th scope="col" class="num">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.data.data.map((run, index) => {
              const cost = rows.data?.costs[index];
              return (
                <tr>
                  <td data-label="Run">
                    <a class="mono" href={`#/runs/${encodeURIComponent(run.id)}`}>
                      {shortId(run.id)}
                    </a>
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={run.status} />
                  </td>
                  <td data-label="Created">
                    <time title={formatTime(run.createdAt)}>{formatAgo(run.createdAt)}</time>
                  </td>
                  <td data-label="Calls" class="num">
                    {cost ? formatCount(cost.calls.length) : "—"}
                  </td>
                  <td data-label="Tokens" class="num">
                    {cost
                      ? `${formatCount(cost.totalInputTokens)} / ${formatCount(cost.totalOutputTokens)}`
                      : "—"}
                  </td>
                  <td data-label="Cost" class="num">
                    {cost ? formatUsd(cost.totalCostUsd) : "—"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager meta={rows.data?.meta} to={(p) => href("/costs", { from, to, runsPage: p })} />
    </section>
  );
}
