import { keys } from "../../core/adapters/dynamodb/table/keys";
import { groupBy } from "../../core/adapters/dynamodb/table/per-turn";
import type { MemoryRunsDump } from "../../core/adapters/memory/runs-store";
import { slot } from "../../core/adapters/memory/state";
import type { RunRecord } from "../../core/domain/run-record";
import { holdsSlot } from "../../core/domain/run-slots";
import type { RunStatus } from "../../core/domain/statuses";
import type { Evidence, Flag } from "./invariants";

/** The run's slot has no free place left. */
export function slotFull(dump: MemoryRunsDump, run: RunRecord): boolean {
  if (!run.slot) return false;
  return holdersOf(dump, run).length >= run.slot.limit;
}

function holdersOf(dump: MemoryRunsDump, run: RunRecord): string[] {
  const key = run.slot && slot(keys.slot(run.workspaceId, run.slot.key));
  return dump.slotHolders.find((held) => held.slot === key)?.holders ?? [];
}

/**
 * A slot's holders are exactly the started, unfinished runs of its key, never more than its limit: after
 * the drain in the store, and after every write the store accepted, replayed in order.
 */
export function slotsHeldByTheirRuns({ dump, writes }: Evidence, flag: Flag): void {
  const limited = dump.runs.map(({ run }) => run).filter((run) => run.slot !== undefined);
  for (const runs of groupBy(limited, (run) => run.slot?.key ?? "").values()) {
    const [first] = runs;
    if (!first?.slot) continue;
    const expected = runs
      .filter((run) => holdsSlot(run.status))
      .map((run) => run.id)
      .sort();
    const holders = holdersOf(dump, first);
    if (JSON.stringify(holders) !== JSON.stringify(expected)) {
      flag(
        "slot holders are its live started runs",
        null,
        `${first.slot.key}: holders ${holders.join(", ")}; started and unfinished ${expected.join(", ")}`,
      );
    }
  }
  const slotOf = new Map(limited.map((run) => [run.id, run.slot]));
  const statuses = new Map<string, RunStatus>();
  for (const write of writes) {
    const runSlot = slotOf.get(write.runId);
    if (!runSlot) continue;
    statuses.set(write.runId, write.status);
    const holding = [...statuses].filter(
      ([runId, status]) => slotOf.get(runId)?.key === runSlot.key && holdsSlot(status),
    ).length;
    if (holding > runSlot.limit) {
      flag(
        "never above the limit",
        write.runId,
        `${holding} runs of ${runSlot.key} started and unfinished at write ${write.at}; limit ${runSlot.limit}`,
      );
    }
  }
}
