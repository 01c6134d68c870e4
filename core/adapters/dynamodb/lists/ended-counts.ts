import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Table } from "../table/dynamo-client";
import { keys, pad } from "../table/keys";
import { type Asker, groupBy, perTurn } from "../table/per-turn";
import { queryAll } from "../table/query";
import { runsCounterScope } from "./counter-items";

/**
 * How many runs of each ended status a workspace has, each of its definitions and each of its supersession
 * keys, by block of 100 run numbers (docs/lists.md, "Runs by status"). A count item holds 100 blocks as
 * attributes `b00`…`b99`, so it stays under a kilobyte and an `ADD` to one block is a 1-WRU write; a list
 * reads its items (one per 10,000 runs of history) and then walks at most one block's index entries to reach
 * its page.
 */
export const BLOCK_RUNS = 100;
const ITEM_BLOCKS = 100;

/** A block of run numbers (`block` × 100 … `block` × 100 + 99) and how many of its runs have the status. */
export interface BlockCount {
  block: number;
  runs: number;
}

export const blockOf = (seq: number) => Math.floor(seq / BLOCK_RUNS);

const countKey = (workspaceId: string, list: string, item: number) => ({
  pk: `WS#${workspaceId}#ENDED#${list}`,
  sk: pad(item, 10),
});
const attributeOf = (block: number) => `b${String(block % ITEM_BLOCKS).padStart(2, "0")}`;

interface AddAsk extends Asker<void> {
  workspaceId: string;
  list: string;
  seq: number;
  delta: number;
}

export type EndedCountItems = ReturnType<typeof createEndedCountItems>;

export function createEndedCountItems(table: Table) {
  /** The workspaces whose counting starts are known: they never change once set. */
  const startsOf = new Map<string, CountingStarts>();

  /** The adds of one turn of the event loop go to each count item as one write. */
  const askAdd = perTurn((asked: AddAsk[]) => {
    const byItem = groupBy(
      asked,
      ({ workspaceId, list, seq }) =>
        `${workspaceId}\u0000${list}\u0000${Math.floor(blockOf(seq) / ITEM_BLOCKS)}`,
    );
    for (const askers of byItem.values()) {
      const [{ workspaceId, list, seq }] = askers as [AddAsk];
      const deltas = new Map<string, number>();
      for (const ask of askers) {
        const attribute = attributeOf(blockOf(ask.seq));
        deltas.set(attribute, (deltas.get(attribute) ?? 0) + ask.delta);
      }
      const names = [...deltas.keys()];
      table.client
        .send(
          new UpdateCommand({
            TableName: table.name,
            Key: countKey(workspaceId, list, Math.floor(blockOf(seq) / ITEM_BLOCKS)),
            UpdateExpression: `ADD ${names.map((_, i) => `#b${i} :d${i}`).join(", ")} SET entity = :entity`,
            ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#b${i}`, name])),
            ExpressionAttributeValues: {
              ...Object.fromEntries(names.map((name, i) => [`:d${i}`, deltas.get(name)])),
              ":entity": "EndedCount",
            },
          }),
        )
        .then(
          () => {
            for (const asker of askers) asker.resolve();
          },
          (error: unknown) => {
            for (const asker of askers) asker.reject(error);
          },
        );
    }
  });

  /** The workspace's run counter as stored (strongly), holding its counting starts once set. */
  async function counterItem(workspaceId: string): Promise<Record<string, unknown> | undefined> {
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.runCounter(workspaceId, runsCounterScope),
        ConsistentRead: true,
      }),
    );
    return Item;
  }

  /** The starts an item holds, kept once all are set. */
  function remembered(workspaceId: string, item: Record<string, unknown>): CountingStarts | undefined {
    if (STARTS.some((start) => item[start] === undefined)) return undefined;
    const runs = Number(item.endedFrom);
    // Never below the workspace's: a run counted for its definition or its key is counted for the workspace too.
    const starts = {
      runs,
      definitions: Math.max(runs, Number(item.definitionsEndedFrom)),
      keys: Math.max(runs, Number(item.keysEndedFrom)),
    };
    if (startsOf.size >= MAX_KNOWN_STARTS) startsOf.clear();
    startsOf.set(workspaceId, starts);
    return starts;
  }

  return {
    /** Adds `delta` to the count of the block holding run number `seq` in a list's counts (a status's). */
    add(workspaceId: string, list: string, seq: number, delta: number): Promise<void> {
      return new Promise((resolve, reject) => askAdd({ workspaceId, list, seq, delta, resolve, reject }));
    },

    /** Every block's count of a list, highest first (blocks never counted are left out). Consistent. */
    async blocks(workspaceId: string, list: string): Promise<BlockCount[]> {
      const items = await queryAll(table, {
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": countKey(workspaceId, list, 0).pk },
        ScanIndexForward: false,
        ConsistentRead: true,
      });
      return items.flatMap((item) => {
        const first = Number(item.sk) * ITEM_BLOCKS;
        return Array.from({ length: ITEM_BLOCKS }, (_, i) => ITEM_BLOCKS - 1 - i).flatMap((offset) => {
          const runs = Number(item[attributeOf(offset)] ?? 0);
          return runs === 0 ? [] : [{ block: first + offset, runs }];
        });
      });
    },

    /**
     * The highest run numbers the workspace does not count as they end, in its status lists (`runs`), its
     * definitions' (`definitions`) and its supersession keys' (`keys`): 0 for a workspace created since all
     * are counted; for an older one, its run count when one of its runs first ended since each was counted,
     * set then. `definitions` and `keys` are set with or after `runs`, and read as at least `runs`, so a run
     * counted for its definition or its key is counted for the workspace too.
     */
    async starts(workspaceId: string): Promise<CountingStarts> {
      const known =
        startsOf.get(workspaceId) ?? remembered(workspaceId, (await counterItem(workspaceId)) ?? {});
      if (known !== undefined) return known;
      const { Attributes } = await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: keys.runCounter(workspaceId, runsCounterScope),
          UpdateExpression: `SET ${STARTS.map((start) => `${start} = if_not_exists(${start}, #count)`).join(", ")}`,
          ExpressionAttributeNames: { "#count": "count" },
          ReturnValues: "ALL_NEW",
        }),
      );
      return remembered(workspaceId, Attributes ?? {}) as CountingStarts;
    },

    /** As `starts`, for a reader: a start not yet set counts nothing yet. */
    async readStarts(workspaceId: string): Promise<CountingStarts> {
      const known = startsOf.get(workspaceId);
      if (known !== undefined) return known;
      const item = (await counterItem(workspaceId)) ?? {};
      const runs = Number(item.endedFrom ?? MAX_RUN_NUMBER);
      return remembered(workspaceId, item) ?? { runs, definitions: MAX_RUN_NUMBER, keys: MAX_RUN_NUMBER };
    },
  };
}

/** The run counter's attributes that say where counting starts, each set once. */
const STARTS = ["endedFrom", "definitionsEndedFrom", "keysEndedFrom"] as const;

/** Where a workspace starts counting the runs that end (`starts`). */
export interface CountingStarts {
  runs: number;
  definitions: number;
  keys: number;
}

/** Bounds the memory an instance spends on workspaces' counting starts. */
const MAX_KNOWN_STARTS = 10_000;
/** The highest number a 12-digit index sort key holds. */
export const MAX_RUN_NUMBER = 999_999_999_999;
