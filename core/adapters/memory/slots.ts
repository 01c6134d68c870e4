import type { RunCommit } from "../../domain/run-commit";
import type { RunRecord } from "../../domain/run-record";
import { DEFAULT_PRIORITY } from "../../domain/run-slots";
import type { QueuedRun, SlotState, ThrottleState } from "../../ports/store";
import { keys } from "../dynamodb/table/keys";
import { byKey, type MemoryState, slot } from "./state";

/**
 * Slots and throttles in memory, with the semantics of the adapter's items (core/adapters/dynamodb/runs/slot-items.ts):
 * a start takes a place only while the slot is under its limit, an end gives it back, a throttle start
 * commits only at the version read.
 */
const slotOf = (workspaceId: string, slotKey: string) => slot(keys.slot(workspaceId, slotKey));
const throttleOf = (workspaceId: string, throttleKey: string) =>
  slot(keys.throttle(workspaceId, throttleKey));
const queuedSortKey = (run: RunRecord, slotKey: string) =>
  keys.slotQueued(run.workspaceId, slotKey, run.priority ?? DEFAULT_PRIORITY, run.id).sk;

/** True when the commit's slot and throttle conditions hold. */
export function slotsHold(state: MemoryState, commit: RunCommit): boolean {
  const { run, slot: move, throttleStart } = commit;
  if (move?.kind === "acquire") {
    const holders = state.slotHolders.get(slotOf(run.workspaceId, move.slot.key)) ?? new Set();
    if (holders.size >= move.slot.limit && !holders.has(run.id)) return false;
  }
  if (throttleStart) {
    const found = state.throttles.get(throttleOf(run.workspaceId, throttleStart.throttle.key));
    if ((found?.version ?? 0) !== throttleStart.readVersion) return false;
  }
  return true;
}

export function applySlots(state: MemoryState, commit: RunCommit): void {
  const { run, slot: move, throttleStart } = commit;
  if (move) {
    const key = slotOf(run.workspaceId, move.slot.key);
    const holders = state.slotHolders.get(key) ?? new Set();
    state.slotHolders.set(key, holders);
    if (move.kind === "release") holders.delete(run.id);
    else state.slotQueues.get(key)?.delete(queuedSortKey(run, move.slot.key));
    if (move.kind === "acquire") holders.add(run.id);
  }
  if (throttleStart) {
    state.throttles.set(throttleOf(run.workspaceId, throttleStart.throttle.key), {
      starts: [...throttleStart.starts],
      version: throttleStart.readVersion + 1,
    });
  }
}

/** A new run with a slot joins its queue. */
export function enqueue(state: MemoryState, run: RunRecord): void {
  if (!run.slot) return;
  const key = slotOf(run.workspaceId, run.slot.key);
  const queue = state.slotQueues.get(key) ?? new Map<string, QueuedRun>();
  state.slotQueues.set(key, queue);
  queue.set(queuedSortKey(run, run.slot.key), { runId: run.id, priority: run.priority ?? DEFAULT_PRIORITY });
}

export function readSlot(state: MemoryState, workspaceId: string, slotKey: string, first: number): SlotState {
  const key = slotOf(workspaceId, slotKey);
  const queue = [...(state.slotQueues.get(key) ?? new Map<string, QueuedRun>())]
    .sort(([a], [b]) => byKey(a, b))
    .slice(0, Math.max(0, first))
    .map(([, queued]) => ({ ...queued }));
  return { holders: [...(state.slotHolders.get(key) ?? [])].sort(), queue };
}

export function readThrottle(state: MemoryState, workspaceId: string, throttleKey: string): ThrottleState {
  const found = state.throttles.get(throttleOf(workspaceId, throttleKey));
  return found ? structuredClone(found) : { starts: [], version: 0 };
}
