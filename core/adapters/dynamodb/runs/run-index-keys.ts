import { LIVE_RUN_STATUSES } from "../../../domain/statuses";
import { pad } from "../table/keys";
import { RUN_SWEEP_PREFIX, sweepShard, WEBHOOK_SWEEP_PREFIX } from "../table/sweep-index";
import { LIVE_STATUS_ATTRIBUTE } from "../table/table";

/**
 * The GSI key attributes each entity writes (docs/data-model.md, "Index key shapes"). gsi1–gsi5 are
 * KEYS_ONLY, so an item's entry there changes only when these values do; gsi6 also carries a live run's
 * status (table.ts).
 */

export interface RunIndexInput {
  workspaceId: string;
  runId: string;
  definitionId: string;
  status: string;
  seq: number;
  defSeq: number;
  /** Its number among its supersession key's runs (absent on runs created before those were numbered). */
  keySeq?: number | undefined;
  supersessionKey: string | null;
  dueAtMs: number | undefined;
  /** A child run: listed under its parent only (gsi1, in the parent's own numbering). */
  parentRunId?: string | undefined;
}

/**
 * The index partitions that list runs: gsi1 all, gsi2 by definition, gsi3 by ended status (and, on run items
 * written before gsi6, by live status), gsi4 by supersession key, gsi6 every live run with its status and
 * every ended run by its definition and status, gsi5 (the sweep index, which an ended run has left) every
 * ended run of a supersession key by its key and status.
 */
export const runListPartitions = {
  all: (workspaceId: string) => `WS#${workspaceId}#RUNS`,
  byDefinition: (workspaceId: string, definitionId: string) => `WS#${workspaceId}#DEF#${definitionId}#RUNS`,
  byStatus: (workspaceId: string, status: string) => `WS#${workspaceId}#STATUS#${status}`,
  live: (workspaceId: string) => `WS#${workspaceId}#LIVE`,
  endedOfDefinition: (workspaceId: string, definitionId: string, status: string) =>
    `WS#${workspaceId}#DEF#${definitionId}#ENDED#${status}`,
  bySupersessionKey: (workspaceId: string, key: string) => `WS#${workspaceId}#SUPKEY#${key}`,
  endedOfKey: (workspaceId: string, key: string, status: string) =>
    `WS#${workspaceId}#SUPKEY#${key}#ENDED#${status}`,
  children: (workspaceId: string, parentRunId: string) => `WS#${workspaceId}#RUN#${parentRunId}#CHILDREN`,
};

export function runIndexKeys(run: RunIndexInput): Record<string, string | undefined> {
  const position = pad(run.seq, 12);
  const sweep =
    run.dueAtMs !== undefined
      ? {
          gsi5pk: `${RUN_SWEEP_PREFIX}${sweepShard(run.runId)}`,
          gsi5sk: `${new Date(run.dueAtMs).toISOString()}#${run.runId}`,
        }
      : endedOfKeyKeys(run, position);
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
    ...statusKeys(run.workspaceId, run.definitionId, run.status, position),
    gsi4pk:
      run.supersessionKey === null
        ? undefined
        : runListPartitions.bySupersessionKey(run.workspaceId, run.supersessionKey),
    gsi4sk:
      run.supersessionKey === null
        ? undefined
        : run.keySeq === undefined
          ? position
          : keyedSortKey(run.keySeq),
    ...sweep,
  };
}

/**
 * A run's sort key among its supersession key's runs: its number there, after a letter that sorts above the
 * digits of the workspace numbers that runs created before still carry, so newest first lists them first.
 */
export const KEYED_SORT_PREFIX = "K";
export const keyedSortKey = (keySeq: number) => `${KEYED_SORT_PREFIX}${pad(keySeq, 12)}`;

/** Whether a status lists in gsi6 (a live run's) rather than in gsi3 (an ended run's). */
export function isLiveStatus(status: string): boolean {
  return (LIVE_RUN_STATUSES as readonly string[]).includes(status);
}

/**
 * A top-level run's place in the status lists. A live run sits in its workspace's one gsi6 partition with its
 * status projected beside the key, so a move between live statuses rewrites that attribute (one index write)
 * instead of re-keying an entry (a delete and a put); an ended run sits in its status's gsi3 partition, where
 * it stays unless a retry revives it, and its gsi6 entry moves to its definition's partition of that status:
 * the list of a status and a definition together.
 */
function statusKeys(workspaceId: string, definitionId: string, status: string, position: string) {
  return isLiveStatus(status)
    ? { gsi6pk: runListPartitions.live(workspaceId), gsi6sk: position, [LIVE_STATUS_ATTRIBUTE]: status }
    : {
        gsi3pk: runListPartitions.byStatus(workspaceId, status),
        gsi3sk: position,
        gsi6pk: runListPartitions.endedOfDefinition(workspaceId, definitionId, status),
        gsi6sk: position,
      };
}

/**
 * An ended top-level run of a supersession key, once the sweeper needs it no more, in its key's list of its
 * status: the list of a key and an ended status together, in the index the run has left (the sweeper reads
 * only its `SWEEP#` partitions). Its entry moves there rather than being removed: one index write more.
 */
function endedOfKeyKeys(run: RunIndexInput, position: string) {
  if (run.parentRunId !== undefined || run.supersessionKey === null || isLiveStatus(run.status)) return {};
  return {
    gsi5pk: runListPartitions.endedOfKey(run.workspaceId, run.supersessionKey, run.status),
    gsi5sk: position,
  };
}

/** The outbox entry a journal item carries until its events are dispatched (run-events/outbox-store.ts). */
export function outboxIndexKeys(runId: string, createdAt: string, firstSeq: number) {
  return {
    gsi5pk: `${WEBHOOK_SWEEP_PREFIX}${sweepShard(runId)}`,
    gsi5sk: `${createdAt}#${runId}#${pad(firstSeq, 10)}`,
  };
}
