import { api, query } from "../api";
import { LoadState } from "../components/status";
import { Table, usageColumns } from "../components/table";
import { definitionLabel, useDefinitions } from "../definitions";
import { formatUsd } from "../format";
import { useLoad } from "../hooks";
import type { CostBreakdownRow, CostSummary } from "../types";

const wastedColumn = {
  head: "Wasted",
  num: true,
  cell: (row: CostBreakdownRow) => formatUsd(row.wastedCostUsd),
};

/**
 * The range's spend by definition and by step, with the part paid for answers that were not used
 * (failed attempts, repairs, failed fallbacks): from the cost summary of the same whole days.
 */
export function CostBreakdown({ from, to }: { from: string; to: string }) {
  const path = `/cost/summary${query({ from, to })}`;
  const summary = useLoad(() => api<CostSummary>("GET", path), path, 10_000);
  const data = summary.data;
  const definitions = useDefinitions(
    (data?.byDefinition ?? []).flatMap((row) => (row.definitionId ? [row.definitionId] : [])),
  );
  const label = (id: string | null) => (id ? definitionLabel(definitions, id) : "(before 2026-11-24)");
  return (
    <section class="card" aria-labelledby="breakdown-title">
      <div class="page-head">
        <h2 id="breakdown-title">Where it went</h2>
        {data && (
          <p data-testid="range-wasted">
            Wasted: <strong>{formatUsd(data.wastedCostUsd)}</strong> of {formatUsd(data.totalCostUsd)}
          </p>
        )}
      </div>
      <LoadState items={data?.byStep} loadError={summary.error} empty="No model calls in this range." />
      {data && data.byStep.length > 0 && (
        <>
          <Table
            class="compact"
            caption="By definition"
            showCaption
            testId="cost-by-definition"
            rows={data.byDefinition}
            columns={[
              { head: "Definition", cell: (row) => label(row.definitionId) },
              ...usageColumns((row: CostBreakdownRow) => row, { calls: true }),
              wastedColumn,
            ]}
          />
          <Table
            class="compact"
            caption="By step"
            showCaption
            testId="cost-by-step"
            rows={data.byStep}
            columns={[
              { head: "Definition", cell: (row) => label(row.definitionId) },
              { head: "Step", cell: (row) => row.stepName },
              ...usageColumns((row: CostBreakdownRow) => row, { calls: true }),
              wastedColumn,
            ]}
          />
        </>
      )}
    </section>
  );
}
