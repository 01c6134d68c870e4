import type { AttemptCost } from "../../domain/cost-record";
import type { RunRecord } from "../../domain/run-record";
import type { RunChange } from "../../ports/store";
import { markWritten } from "../dynamodb/runs/history-placement";
import type { TransactItem } from "../dynamodb/table/transact";
import { applyRollup } from "./cost-rollups";
import { storedCost, storedCosts, storedJournals, storedRun } from "./dynamo-items";
import { approvalSlot, costSlot, debounceSlot, idempotencySlot, runSlot } from "./item-slots";
import { applySlots, slotsHold } from "./slots";
import type { Journal, MemoryState, StoredRun } from "./state";
import { applyStepCount, stepCountHolds } from "./step-counters";

/**
 * One run change against the memory state, with the conditions of the DynamoDB transaction: checked all
 * together against the state before any write (`holds`), then written all together (`apply`).
 */

export function holds(state: MemoryState, change: RunChange, actions: readonly TransactItem[]): boolean {
  const { commit, openApproval, settleApproval, claimIdempotencyKey, joinDebounceWindow } = change;
  const { workspaceId, id } = commit.run;
  const stored = state.runs.get(runSlot(workspaceId, id));
  if (
    joinDebounceWindow &&
    state.debounceWindows.get(debounceSlot(workspaceId, joinDebounceWindow.scope))?.runId !== id
  )
    return false;
  if (!stored || stored.record.version !== commit.expectedVersion) return false;
  if (countedAgain(stored.record, commit.run)) return false;
  if (!storedJournals(actions).every((journal) => journalWritable(stored, journal))) return false;
  if (openApproval && state.approvals.has(approvalSlot(workspaceId, openApproval.id))) return false;
  if (settleApproval) {
    const current = state.approvals.get(approvalSlot(workspaceId, settleApproval.id))?.approval;
    if (!current || current.decision !== null || current.expiredAt !== null) return false;
  }
  if (
    claimIdempotencyKey !== undefined &&
    state.idempotency.has(idempotencySlot(workspaceId, claimIdempotencyKey))
  )
    return false;
  if (storedCosts(actions).some((cost) => state.costs.has(costSlot(cost)))) return false;
  return slotsHold(state, commit) && stepCountHolds(state, commit);
}

/** The adapter's guard (run-items.ts): a run counted as ended is not counted there again. */
function countedAgain(stored: RunRecord, run: RunRecord): boolean {
  const held = stored.endCounted;
  return held !== undefined && held.status === run.status && run.endCounted?.version !== held.version;
}

/**
 * Writes a change whose conditions hold; `actions` are its DynamoDB actions, from which the journals and the
 * cost record (when it commits with the change) are read.
 */
export function apply(state: MemoryState, change: RunChange, actions: readonly TransactItem[]): void {
  const { commit, openApproval, settleApproval, claimIdempotencyKey, joinDebounceWindow } = change;
  const { workspaceId, id } = commit.run;
  const stored = state.runs.get(runSlot(workspaceId, id)) as StoredRun;
  if (joinDebounceWindow) {
    state.debounceWindows.set(debounceSlot(workspaceId, joinDebounceWindow.scope), {
      runId: id,
      creations: commit.run.debounceWindow?.creations ?? 0,
    });
  }
  if (claimIdempotencyKey !== undefined) {
    state.idempotency.set(idempotencySlot(workspaceId, claimIdempotencyKey), {
      workspaceId,
      idempotencyKey: claimIdempotencyKey,
      runId: id,
    });
  }
  // The run as the adapter writes it: the caller holds it so (RunStore.commit).
  markWritten(commit);
  Object.assign(stored, storedRun(commit.run));
  for (const journal of storedJournals(actions)) writeJournal(stored, journal);
  for (const approval of [openApproval, settleApproval]) {
    if (approval) {
      state.approvals.set(approvalSlot(workspaceId, approval.id), {
        workspaceId,
        approval: structuredClone(approval),
      });
    }
  }
  for (const cost of storedCosts(actions)) writeCost(state, cost);
  if (change.rollup) applyRollup(state, workspaceId, id, change.rollup);
  applySlots(state, commit);
  applyStepCount(state, commit);
}

/**
 * Writes what the adapter writes before a change's commit, each on its own and whatever follows: the journal
 * filing earlier history (if the run is there) and the attempt's cost record (unless it is there already).
 */
export function writeBefore(state: MemoryState, change: RunChange, before: readonly TransactItem[]): void {
  const { workspaceId, id } = change.commit.run;
  const stored = state.runs.get(runSlot(workspaceId, id));
  if (stored) for (const journal of storedJournals(before)) writeJournal(stored, journal);
  for (const cost of storedCosts(before)) if (!state.costs.has(costSlot(cost))) writeCost(state, cost);
}

function writeCost(state: MemoryState, cost: AttemptCost): void {
  state.costs.set(costSlot(cost), { ...storedCost(cost, { pending: false }), pending: false });
}

/** The journal item's condition: no journal from the same first event, or a shorter one. */
function journalWritable(stored: StoredRun, journal: Journal): boolean {
  const existing = stored.journals.find((held) => held.firstSeq === journal.firstSeq);
  return !existing || existing.lastSeq <= journal.lastSeq;
}

/** Writes a journal item if its condition holds. @returns false when it did not. */
export function writeJournal(stored: StoredRun, journal: Journal): boolean {
  if (!journalWritable(stored, journal)) return false;
  stored.journals = [...stored.journals.filter((held) => held.firstSeq !== journal.firstSeq), journal].sort(
    (a, b) => a.firstSeq - b.firstSeq,
  );
  return true;
}
