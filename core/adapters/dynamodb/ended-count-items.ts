import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Table } from "./dynamo-client";
import type { EndCountWrites } from "./end-counting";
import { keys, pad } from "./keys";
import { type Asker, groupBy, perTurn } from "./per-turn";
import { queryAll } from "./query";
import { runsCounterScope } from "./run-counters";

/**
 * How many runs of each ended status a workspace has, by block of 100 run numbers (docs/data-model.md, "Runs
 * by status"). A count item holds 100 blocks as attributes `b00`…`b99`, so it stays under a kilobyte and an
 * `ADD` to one block is a 1-WRU write; a list reads the status's items (one per 10,000 runs of history) and
 * then walks at most one block's index entries to reach its page.
 */
export const BLOCK_RUNS = 100;
const ITEM_BLOCKS = 100;

/** A block of run numbers (`block` × 100 … `block` × 100 + 99) and how many of its runs have the status. */
export interface BlockCount {
  block: number;
  runs: number;
}

export const blockOf = (seq: number) => Math.floor(seq / BLOCK_RUNS);

const countKey = (workspaceId: string, status: string, item: number) => ({
  pk: `WS#${workspaceId}#ENDED#${status}`,
  sk: pad(item, 10),
});
const attributeOf = (block: number) => `b${String(block % ITEM_BLOCKS).padStart(2, "0")}`;

interface AddAsk extends Asker<void> {
  workspaceId: string;
  status: string;
  seq: number;
  delta: number;
}

export type EndedCountItems = ReturnType<typeof createEndedCountItems>;

export function createEndedCountItems(table: Table) {
  /** The workspaces whose counting start is known: it never changes once set. */
  const startOf = new Map<string, number>();

  /** The adds of one turn of the event loop go to each count item as one write. */
  const askAdd = perTurn((asked: AddAsk[]) => {
    const byItem = groupBy(
      asked,
      ({ workspaceId, status, seq }) =>
        `${workspaceId}\u0000${status}\u0000${Math.floor(blockOf(seq) / ITEM_BLOCKS)}`,
    );
    for (const askers of byItem.values()) {
      const [{ workspaceId, status, seq }] = askers as [AddAsk];
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
            Key: countKey(workspaceId, status, Math.floor(blockOf(seq) / ITEM_BLOCKS)),
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

  /** The workspace's counting start, kept or read (strongly); undefined while none is set. */
  async function knownStart(workspaceId: string): Promise<number | undefined> {
    const known = startOf.get(workspaceId);
    if (known !== undefined) return known;
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.runCounter(workspaceId, runsCounterScope),
        ConsistentRead: true,
      }),
    );
    if (Item?.endedFrom === undefined) return undefined;
    remember(workspaceId, Number(Item.endedFrom));
    return Number(Item.endedFrom);
  }

  function remember(workspaceId: string, start: number): void {
    if (startOf.size >= MAX_KNOWN_STARTS) startOf.clear();
    startOf.set(workspaceId, start);
  }

  return {
    /** Adds `delta` to the count of the block holding run number `seq` in the status's counts. */
    add(workspaceId: string, status: string, seq: number, delta: number): Promise<void> {
      return new Promise((resolve, reject) => askAdd({ workspaceId, status, seq, delta, resolve, reject }));
    },

    /** Every block's count of the status, highest first (blocks never counted are left out). Consistent. */
    async blocks(workspaceId: string, status: string): Promise<BlockCount[]> {
      const items = await queryAll(table, {
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": countKey(workspaceId, status, 0).pk },
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
     * The highest run number the workspace does not count as it ends: 0 for a workspace created since ended
     * runs are counted; for an older one, its run count when one of its runs first ended since, set then.
     */
    async countedAbove(workspaceId: string): Promise<number> {
      const read = await knownStart(workspaceId);
      if (read !== undefined) return read;
      const { Attributes } = await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: keys.runCounter(workspaceId, runsCounterScope),
          UpdateExpression: "SET endedFrom = if_not_exists(endedFrom, #count)",
          ExpressionAttributeNames: { "#count": "count" },
          ReturnValues: "ALL_NEW",
        }),
      );
      const start = Number(Attributes?.endedFrom);
      remember(workspaceId, start);
      return start;
    },

    /** As `countedAbove`, for a reader: a workspace none of whose runs has ended since counts none. */
    async readCountedAbove(workspaceId: string): Promise<number> {
      return (await knownStart(workspaceId)) ?? MAX_RUN_NUMBER;
    },
  };
}

/** A new workspace's run counter: no runs, and every run's end counted. */
export const countingFromTheStart = { entity: "RunCounter", count: 0, endedFrom: 0 };

/** Bounds the memory an instance spends on workspaces' counting starts. */
const MAX_KNOWN_STARTS = 10_000;
/** The highest number a 12-digit index sort key holds. */
export const MAX_RUN_NUMBER = 999_999_999_999;

/** Counting ends in these items: a run numbered above its workspace's start is counted in its block. */
export function endCountWrites(items: EndedCountItems): EndCountWrites {
  return {
    counts: async (run) => run.seq > (await items.countedAbove(run.workspaceId)),
    add: (run, status, delta) => items.add(run.workspaceId, status, run.seq, delta),
  };
}
