import type { RunSpend } from "./budget";
import type { RunCostLedger } from "./cost-ledger";
import type { StartedWith } from "./identity";
import type { RunCursor } from "./run-cursor";
import type { RunHistory } from "./run-history";
import type { RunLineage } from "./run-lineage";
import type { RunRevisions } from "./run-revisions";
import type { RunAdmission } from "./run-slots";
import type { RunSignals } from "./signals";
import type { RunStatus } from "./statuses";

/**
 * What the store keeps on the run for its own accounts, set by the store alone (RunStore.commit) and never part
 * of the API's run: the latest stretch of its history, kept with it until the store files it apart, and the
 * ended status it counts the run in.
 */
export interface RunStoreNotes {
  /** The latest stretch of the run's history, as the store decided to keep it with the run. Absent when empty. */
  recent?: RunHistory;
  /** The ended status whose count the store keeps this run in, and the commit that counted it (data-model.md). */
  endCounted?: { status: RunStatus; version: number };
}

/**
 * The run as the engine keeps it: a small core of what it was created with, and one sub-record per concern,
 * each declared (and written) by the module that owns it: where it stands (run-cursor.ts), how it was admitted
 * (run-slots.ts), where it comes from (run-lineage.ts), what it spends (budget.ts, cost-ledger.ts), what
 * revised it (run-revisions.ts), its signals (signals.ts) and the store's notes. Sub-records are flat on the
 * record (their fields are the stored run's, unchanged), except signals, which nest. Everything the engine
 * decides is derived from this one record, read strongly consistent, and every change to it is a conditional
 * write on `version`. The API's WorkflowRun is a projection of it (run-view.ts), so a field the API derives
 * (currentStepName, pendingUpgrade, debounce, …) is never kept here.
 */
export interface RunRecord
  extends RunCursor,
    RunAdmission,
    RunLineage,
    RunSpend,
    RunCostLedger,
    RunRevisions,
    RunStoreNotes {
  id: string;
  workspaceId: string;
  definitionId: string;
  status: RunStatus;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  idempotencyKey: string | null;
  supersessionKey: string | null;
  createdAt: string;
  updatedAt: string;
  /** Who started the run, when the creation said (CreateRunInput.startedBy). */
  startedBy?: string;
  /** The credential that created the run (and said its `startedBy`); absent for a trigger's or child's run. */
  startedWith?: StartedWith;
  /** The thread its agent steps with `thread: true` continue (CreateRunInput.threadId). */
  threadId?: string;
  /** Signals buffered and signal ids seen (signals.ts). Absent when none. */
  signals?: RunSignals;
  /**
   * Superseded with `after_current_step` while executing a step: the engine ends the run SUPERSEDED by `by`
   * when that step's attempt ends, instead of going on (docs/triggers.md).
   */
  supersedeAfterStep?: { by: string };
  /** Position among the workspace's, its definition's and its key's runs: dense, 1-based, for paging. */
  seq: number;
  defSeq: number;
  /** Absent on runs created before runs of a key were numbered. */
  keySeq?: number;
}
