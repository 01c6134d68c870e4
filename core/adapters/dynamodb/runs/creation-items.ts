/**
 * A creation's own actions (run-creation.ts sends them): the run, its supersession key's head moved to it, its
 * debounce window moved to it, its place in its slot's queue, its idempotency key claimed.
 */
import { debounceScope } from "../../../domain/debounce";
import type { RunRecord } from "../../../domain/run-record";
import type { DebounceWindowRef, RunCreation } from "../../../ports/store";
import { refuseOversizedPuts } from "../table/item-size";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";
import { idempotencyClaim } from "./creation-keys";
import { runItem } from "./run-items";
import { queuedPut } from "./slot-items";

/** The newest run created with a supersession key, and whether the head keeps the key's live runs. */
export interface SupersessionHead {
  seq: number;
  runId: string;
  /** The head keeps the key's live runs (supersession-live.ts), this many of them. */
  live?: number;
  /** Those runs' ids, when it keeps them: every live run of the key, and perhaps a few ended since. */
  liveRunIds?: string[];
  /** How many runs of the key are numbered (RunRecord.keySeq); absent before the first. */
  runs?: number;
  /** Every run of the key is numbered: the head was created since runs were. */
  numberedAll?: boolean;
}

/**
 * A head keeps at most this many live runs (about 1 KB of ids, so a creation's write of the head stays one
 * unit); past it, the key's reads walk its index, until a reader finds fewer live again.
 */
export const MAX_KEPT_LIVE = 32;

/**
 * The head's live runs as a creation moves them (supersession-live.ts): a new head starts keeping them with its
 * first run; a head that keeps them adds the run, or, past MAX_KEPT_LIVE, stops keeping them, and readers then
 * walk the key's index as before.
 */
function liveUpdate(read: SupersessionHead | undefined): string {
  if (!read) return ", tracksLive = :tracks ADD live :joining";
  if (read.live === undefined) return "";
  return read.live < MAX_KEPT_LIVE ? " ADD live :joining" : ", tracksLive = :tracks REMOVE live";
}

function liveValues(run: RunRecord, read: SupersessionHead | undefined): Record<string, unknown> {
  if (read && read.live === undefined) return {};
  if (read?.live !== undefined && read.live >= MAX_KEPT_LIVE) return { ":tracks": false };
  return { ...(read ? {} : { ":tracks": true }), ":joining": new Set([run.id]) };
}

function headAction(
  tableName: string,
  run: RunRecord,
  supersessionKey: string,
  read: SupersessionHead | undefined,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.supersessionHead(run.workspaceId, supersessionKey),
      UpdateExpression: `SET seq = :seq, runId = :runId, entity = :entity, runs = :runs${read ? "" : ", numberedAll = :all"}${liveUpdate(read)}`,
      // As read: its newest run, and whether it keeps the live runs (a reader may have started it meanwhile).
      ConditionExpression: read
        ? `seq = :read AND ${read.live === undefined ? "(attribute_not_exists(tracksLive) OR tracksLive = :no)" : "tracksLive = :yes"}`
        : "attribute_not_exists(pk)",
      ExpressionAttributeValues: {
        ":seq": run.seq,
        ":runId": run.id,
        ":entity": "SupersessionHead",
        ":runs": run.keySeq,
        ...(read
          ? { ":read": read.seq, ...(read.live === undefined ? { ":no": false } : { ":yes": true }) }
          : { ":all": true }),
        ...liveValues(run, read),
      },
    },
  };
}

/** The debounce key's entry moved to the run, if it is still the key's previous window as read. */
function debounceAction(
  tableName: string,
  run: RunRecord,
  follows: DebounceWindowRef | undefined,
): TransactItem[] {
  if (!run.debounceWindow) return [];
  return [
    {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.debounceWindow(run.workspaceId, debounceScope(run.definitionId, run.debounceWindow.key)),
          entity: "DebounceWindow",
          runId: run.id,
          creations: run.debounceWindow.creations,
        },
        ...(follows === undefined
          ? { ConditionExpression: "attribute_not_exists(pk)" }
          : {
              ConditionExpression: "runId = :follows AND creations = :creations",
              ExpressionAttributeValues: { ":follows": follows.runId, ":creations": follows.creations },
            }),
      },
    },
  ];
}

/**
 * The new run, its key's head moved to it (from `read`), its debounce key's window moved to it, its place in
 * its slot's queue, and the claim of its idempotency key (last: a conflict there is told apart from the others).
 */
export function createActions(
  tableName: string,
  run: RunRecord,
  read: SupersessionHead | undefined,
  debounceFollows?: DebounceWindowRef,
): TransactItem[] {
  const actions: TransactItem[] = [
    {
      Put: { TableName: tableName, Item: runItem(run), ConditionExpression: "attribute_not_exists(pk)" },
    },
    ...debounceAction(tableName, run, debounceFollows),
  ];
  actions.push(...queuedPut(tableName, run));
  if (run.supersessionKey !== null) actions.push(headAction(tableName, run, run.supersessionKey, read));
  if (run.idempotencyKey !== null)
    actions.push(idempotencyClaim(tableName, run.workspaceId, run.idempotencyKey, run.id));
  return actions;
}

/** Refuses a run too large to store before it takes numbers; measured at the widest numbers. */
export function refuseOversizedCreation(tableName: string, fields: RunCreation["run"]): void {
  const widest = {
    seq: Number.MAX_SAFE_INTEGER,
    defSeq: Number.MAX_SAFE_INTEGER,
    keySeq: Number.MAX_SAFE_INTEGER,
  };
  refuseOversizedPuts(createActions(tableName, { ...fields, ...widest }, undefined));
}
