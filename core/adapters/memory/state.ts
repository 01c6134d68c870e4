import type { ApprovalRequest } from "../../domain/approval";
import type { AttemptCost } from "../../domain/cost-record";
import type { RunHistory } from "../../domain/run-history";
import type { RunRecord } from "../../domain/run-record";
import type { TriggerRecord } from "../../domain/trigger-record";
import type { StoredWorkflowDefinition } from "../../domain/workflow-definition-record";
import type { DebounceWindowRef, QueuedRun } from "../../ports/store";
import type { SupersessionHead } from "../dynamodb/runs/creation-items";
import type { Decimal } from "./decimal";

/**
 * What the in-memory store holds. Maps are keyed by the DynamoDB adapter's own item keys (`keys.ts`), so two
 * records share a slot here exactly when they would share an item there.
 */
export interface Journal extends RunHistory {
  /** The sequence number of its first event: the journal item's sort key. */
  firstSeq: number;
  /** A journal is replaced only by a longer stretch from the same first event (run-items.ts). */
  lastSeq: number;
}

export interface StoredRun {
  record: RunRecord;
  /** The run's sweep-index sort key as DynamoDB writes it (gsi5sk); undefined when no worker is due. */
  sweepKey: string | undefined;
  /** Oldest first. */
  journals: Journal[];
}

export interface StoredCost {
  cost: AttemptCost;
  /** The time of its first call, which orders the pending list and names its day. */
  firstCallAt: string;
  /** Put on its own and not rolled up yet: the adapter's sparse gsi2 entry is there. */
  pending: boolean;
}

export interface IdempotencyClaim {
  workspaceId: string;
  idempotencyKey: string;
  runId: string;
}

export interface RunCounter {
  workspaceId: string;
  /** `RUNS`, or `DEF#<definition>`, as in run-counters.ts. */
  scope: string;
  count: number;
  /** Numbers given up, as the adapter's counter item keeps them. */
  gaps: number[];
}

/** A rollup's sums, exact as DynamoDB keeps them. */
export interface RollupSums {
  model: string;
  definitionId?: string;
  stepName?: string;
  costUsd: Decimal;
  inputTokens: Decimal;
  outputTokens: Decimal;
  calls: Decimal;
  wastedCostUsd: Decimal;
}

export interface WorkspaceRollups {
  /** Keyed by day, model, definition and step: the rows the adapter's `DAY#` items hold, whatever their layout. */
  dayModels: Map<string, RollupSums & { day: string }>;
  /** Keyed by day and run. */
  dayRuns: Map<string, { day: string; runId: string }>;
  seenRuns: Set<string>;
  allRuns: number;
}

export interface MemoryState {
  runs: Map<string, StoredRun>;
  counters: Map<string, RunCounter>;
  /** The newest run created with each supersession key, as the adapter's head items hold it. */
  heads: Map<string, SupersessionHead>;
  idempotency: Map<string, IdempotencyClaim>;
  /** Each debounce key's newest window, as the adapter's `DEBOUNCE` items hold it. */
  debounceWindows: Map<string, DebounceWindowRef>;
  approvals: Map<string, { workspaceId: string; approval: ApprovalRequest }>;
  costs: Map<string, StoredCost>;
  rollups: Map<string, WorkspaceRollups>;
  definitions: Map<string, StoredWorkflowDefinition>;
  triggers: Map<string, TriggerRecord>;
  /** Per workspace id. */
  triggerCounts: Map<string, number>;
  sentEvents: Map<string, { triggerIds: string[]; expiresAtMs: number }>;
  /** By the slot item's key: the runs holding the slot. */
  slotHolders: Map<string, Set<string>>;
  /** By the slot item's key: its queue, by the queue item's sort key (priority, then creation). */
  slotQueues: Map<string, Map<string, QueuedRun>>;
  /** By the throttle item's key. */
  throttles: Map<string, { starts: number[]; version: number }>;
  /** By the step counter item's key: the steps its run tree executed. */
  stepCounters: Map<string, number>;
}

export function emptyState(): MemoryState {
  return {
    runs: new Map(),
    counters: new Map(),
    heads: new Map(),
    idempotency: new Map(),
    debounceWindows: new Map(),
    approvals: new Map(),
    costs: new Map(),
    rollups: new Map(),
    definitions: new Map(),
    triggers: new Map(),
    triggerCounts: new Map(),
    sentEvents: new Map(),
    slotHolders: new Map(),
    slotQueues: new Map(),
    throttles: new Map(),
    stepCounters: new Map(),
  };
}

/** One map key for an item key. */
export function slot(key: { pk: string; sk: string }): string {
  return JSON.stringify([key.pk, key.sk]);
}

/** Sort-key order: by UTF-16 code units, which is DynamoDB's byte order for the ASCII keys it is given. */
export function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
