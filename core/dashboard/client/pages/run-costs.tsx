import { api, apiPage } from "../api";
import { Ago } from "../components/ago";
import { Pager } from "../components/pager";
import { RunLink } from "../components/run-link";
import { LoadState, StatusBadge } from "../components/status";
import { Table, type Usage, usageColumns } from "../components/table";
import { useLoad } from "../hooks";
import { href } from "../router";
import type { Run, RunCost } from "../types";

const PAGE_SIZE = 10;

/** What a run's model calls used and cost; undefined when that does not load. */
async function runUsage(runId: string): Promise<Usage | undefined> {
  const cost = await api<RunCost>("GET", `/workflow-runs/${encodeURIComponent(runId)}/cost`).catch(
    () => undefined,
  );
  return (
    cost && {
      calls: cost.calls.length,
      inputTokens: cost.totalInputTokens,
      outputTokens: cost.totalOutputTokens,
      costUsd: cost.totalCostUsd,
    }
  );
}

interface RunRow {
  run: Run;
  cost: Usage | undefined;
}

/** The newest runs with what each cost (one cost request per run of the page). */
export function RunCosts({ page, from, to }: { page: number; from: string; to: string }) {
  const path = `/workflow-runs?page=${page}&pageSize=${PAGE_SIZE}`;
  const rows = useLoad(
    async () => {
      const runs = await apiPage<Run>(path);
      const data: RunRow[] = await Promise.all(
        runs.data.map(async (run) => ({ run, cost: await runUsage(run.id) })),
      );
      return { ...runs, data };
    },
    path,
    10_000,
  );
  return (
    <section aria-labelledby="run-costs-title">
      <h2 id="run-costs-title">Cost per run</h2>
      <LoadState items={rows.data?.data} loadError={rows.error} empty="No runs yet." />
      <Table
        caption="Newest runs and their cost"
        testId="run-costs"
        rows={rows.data?.data ?? []}
        columns={[
          { head: "Run", cell: ({ run }) => <RunLink id={run.id} /> },
          { head: "Status", cell: ({ run }) => <StatusBadge status={run.status} /> },
          { head: "Created", cell: ({ run }) => <Ago iso={run.createdAt} /> },
          ...usageColumns((row: RunRow) => row.cost, { calls: true }),
        ]}
      />
      <Pager meta={rows.data?.meta} to={(p) => href("/costs", { from, to, runsPage: p })} />
    </section>
  );
}
