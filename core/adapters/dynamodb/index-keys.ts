import { createHash } from "node:crypto";
import { pad } from "./keys";

/**
 * The GSI key attributes each entity writes (docs/data-model.md, "Index key shapes"). Every index is
 * KEYS_ONLY, so an item's index entry changes only when these values do.
 */
export const SWEEP_SHARDS = 10;

export interface RunIndexInput {
  workspaceId: string;
  runId: string;
  definitionId: string;
  status: string;
  seq: number;
  defSeq: number;
  supersessionKey: string | null;
  dueAtMs: number | undefined;
  /** A child run: listed under its parent only (gsi1, in the parent's own numbering). */
  parentRunId?: string | undefined;
}

/** The index partitions that list runs: gsi1 all, gsi2 by definition, gsi3 by status, gsi4 by supersession key. */
export const runListPartitions = {
  all: (workspaceId: string) => `WS#${workspaceId}#RUNS`,
  byDefinition: (workspaceId: string, definitionId: string) => `WS#${workspaceId}#DEF#${definitionId}#RUNS`,
  byStatus: (workspaceId: string, status: string) => `WS#${workspaceId}#STATUS#${status}`,
  bySupersessionKey: (workspaceId: string, key: string) => `WS#${workspaceId}#SUPKEY#${key}`,
  children: (workspaceId: string, parentRunId: string) => `WS#${workspaceId}#RUN#${parentRunId}#CHILDREN`,
};

export function runIndexKeys(run: RunIndexInput): Record<string, string | undefined> {
  const position = pad(run.seq, 12);
  const sweep = {
    gsi5pk: run.dueAtMs === undefined ? undefined : `SWEEP#${sweepShard(run.runId)}`,
    gsi5sk: run.dueAtMs === undefined ? undefined : `${new Date(run.dueAtMs).toISOString()}#${run.runId}`,
  };
  if (run.parentRunId !== undefined) {
    return {
      gsi1pk: runListPartitions.children(run.workspaceId, run.parentRunId),
      gsi1sk: position,
      ...sweep,
    };
  }
  return {
    gsi1pk: runListPartitions.all(run.workspaceId),
    gsi1sk: position,
    gsi2pk: runListPartitions.byDefinition(run.workspaceId, run.definitionId),
    gsi2sk: pad(run.defSeq, 12),
    gsi3pk: runListPartitions.byStatus(run.workspaceId, run.status),
    gsi3sk: position,
    gsi4pk:
      run.supersessionKey === null
        ? undefined
        : runListPartitions.bySupersessionKey(run.workspaceId, run.supersessionKey),
    gsi4sk: run.supersessionKey === null ? undefined : position,
    ...sweep,
  };
}

/** Spreads the sweeper's index over a few partitions, so a busy region has no single hot index key. */
export function sweepShard(runId: string): number {
  return (createHash("sha256").update(runId).digest()[0] ?? 0) % SWEEP_SHARDS;
}

/**
 * An approval request's index keys: every request in gsi1; the pending ones in gsi3 too, which a decision or an
 * expiry leaves (one index write, where moving the entry to a partition of its own would be two).
 */
export function approvalIndexKeys(
  workspaceId: string,
  approvalId: string,
  createdAt: string,
  pending: boolean,
) {
  const ws = `WS#${workspaceId}`;
  const sk = `${createdAt}#${approvalId}`;
  return {
    gsi1pk: `${ws}#APPROVALS`,
    gsi1sk: sk,
    ...(pending ? { gsi3pk: `${ws}#APPROVALS#PENDING`, gsi3sk: sk } : {}),
  };
}
