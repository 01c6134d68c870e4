import type { RunCommit } from "../../domain/run-commit";
import { keys } from "../dynamodb/table/keys";
import { type MemoryState, slot } from "./state";

/**
 * Run trees' step counters in memory, with the semantics of the adapter's item (dynamodb/step-counter-items.ts):
 * opening sets a counter that is not there yet; adding commits only while the counter leaves room for it.
 */
const counterOf = (workspaceId: string, runId: string) => slot(keys.stepCounter(workspaceId, runId));

export function stepCountHolds(state: MemoryState, { run, stepCount: move }: RunCommit): boolean {
  if (move?.kind !== "add") return true;
  return (
    (state.stepCounters.get(counterOf(run.workspaceId, move.counterRunId)) ?? 0) <= move.limit - move.add
  );
}

export function applyStepCount(state: MemoryState, { run, stepCount: move }: RunCommit): void {
  if (!move) return;
  const key = counterOf(run.workspaceId, move.counterRunId);
  const counted = state.stepCounters.get(key);
  if (move.kind === "open") state.stepCounters.set(key, counted ?? move.count);
  else state.stepCounters.set(key, (counted ?? 0) + move.add);
}

export function readStepsCounted(state: MemoryState, workspaceId: string, counterRunId: string): number {
  return state.stepCounters.get(counterOf(workspaceId, counterRunId)) ?? 0;
}
