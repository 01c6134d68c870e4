/**
 * The run item as the exactly-once ledger of its model calls (docs/data-model.md, "Rollups, and why"),
 * checked after the drain, per workspace. What the rollups hold plus what runs still hold unrolled is:
 * - at least the calls of every record whose attempt's commit won (the commit carried it into the run);
 * - at most the calls of every record: a lost commit's calls come in by a cost-only commit, and the documented
 *   losses (a worker dead between the record and its commit, or before a lost commit's cost commit) only
 *   leave calls out. So no call is ever counted twice, and when every record's commit won, all are counted.
 * And once drained, no stopped run still holds unrolled sums: the sweep rolled them up.
 */

import { isStopped } from "../../core/domain/cost-ledger";
import { roundUsd } from "../../core/domain/cost-record";
import type { Evidence } from "./invariants";

type Flag = (invariant: string, runId: string | null, detail: string) => void;

interface Totals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

const zero = (): Totals => ({ calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 });

function add(sum: Totals, more: Totals): void {
  sum.calls += more.calls;
  sum.inputTokens += more.inputTokens;
  sum.outputTokens += more.outputTokens;
  sum.costUsd = roundUsd(sum.costUsd + more.costUsd);
}

function atMost(low: Totals, high: Totals): boolean {
  return (
    low.calls <= high.calls &&
    low.inputTokens <= high.inputTokens &&
    low.outputTokens <= high.outputTokens &&
    low.costUsd <= high.costUsd + 1e-9
  );
}

const show = (totals: Totals) => JSON.stringify(totals);

/** The calls every record holds, those of records a winning commit carried, and what the ledger counted. */
function ledgerTotals({ dump, writes, rolledUp }: Evidence) {
  const committed = new Map<string, number>();
  for (const write of writes) {
    if (write.costId) committed.set(write.costId, (committed.get(write.costId) ?? 0) + 1);
  }
  const recorded = zero();
  const won = zero();
  let recordsLost = 0;
  for (const { cost } of dump.costs) {
    if (cost.calls.length > 0 && !committed.has(cost.id)) recordsLost += 1;
    for (const call of cost.calls) {
      const totals = { ...call, calls: 1 };
      add(recorded, totals);
      if (committed.has(cost.id)) add(won, totals);
    }
  }
  const counted = zero();
  for (const totals of rolledUp) add(counted, totals);
  for (const { run } of dump.runs) for (const row of run.costLedger?.rows ?? []) add(counted, row);
  return { committed, recorded, won, counted, recordsLost };
}

export function costsCountedOnce(evidence: Evidence, flag: Flag): void {
  const { committed, recorded, won, counted } = ledgerTotals(evidence);
  for (const [costId, times] of committed) {
    if (times > 1) flag("costs counted once", null, `the record ${costId} was carried by ${times} commits`);
  }
  for (const { run } of evidence.dump.runs) {
    if (run.costLedger && isStopped(run)) {
      flag("costs counted once", run.id, `${run.status} after the drain with unrolled sums`);
    }
  }
  if (!atMost(counted, recorded)) {
    flag("costs counted once", null, `counted ${show(counted)}, more than recorded ${show(recorded)}`);
  }
  if (!atMost(won, counted)) {
    flag("costs counted once", null, `counted ${show(counted)}, less than committed ${show(won)}`);
  }
}

/**
 * How much of the ledger a schedule exercised: model calls recorded, records no winning commit carried, and
 * the calls of those that a lost commit's cost commit counted all the same.
 */
export function costCounts(evidence: Evidence): Record<string, number> {
  const { recorded, won, counted, recordsLost } = ledgerTotals(evidence);
  return {
    "llm calls recorded": recorded.calls,
    "cost records outside a winning commit": recordsLost,
    "llm calls counted by a lost commit's cost commit": counted.calls - won.calls,
  };
}
