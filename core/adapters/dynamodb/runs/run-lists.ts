import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { RunRecord } from "../../../domain/run-record";
import { LIVE_RUN_STATUSES } from "../../../domain/statuses";
import type { NumberRange, ProbeRun } from "../lists/run-number-range";
import type { Table } from "../table/dynamo-client";
import { type ItemKey, pad } from "../table/keys";
import { batchGetAll, type IndexEntry, indexPartitionEntries, indexPartitionKeys } from "../table/query";
import { RUN_SWEEP_PREFIX } from "../table/sweep-index";
import { sweepPass } from "../table/sweep-pass";
import { type IndexName, LIVE_STATUS_ATTRIBUTE } from "../table/table";
import { isLiveStatus, runListPartitions } from "./run-index-keys";
import { fromRunItem } from "./run-items";

/**
 * Reads of the run indexes. A list reads the keys of one page from the index (gsi6's entries carry a live
 * run's status too) and then the page's runs by primary key, strongly consistent.
 */
export function createRunListStore(table: Table) {
  const runs = async (itemKeys: ItemKey[]): Promise<RunRecord[]> =>
    (await batchGetAll(table, itemKeys)).map(fromRunItem);

  /**
   * A run read for what never changes once it is written (its numbers, its `createdAt`): eventually
   * consistent, half a strong read's units. The index listed it, so it is written; a replica that has not
   * applied the write yet answers nothing, and the run is then read strongly.
   */
  async function settledRun(key: ItemKey): Promise<RunRecord | undefined> {
    const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: key }));
    return Item ? fromRunItem(Item) : (await runs([key]))[0];
  }

  return {
    /** Runs whose index position lies in from..to (inclusive), newest first; `prefix` before the positions. */
    async byPositions(
      index: IndexName,
      pk: string,
      from: number,
      to: number,
      prefix = "",
    ): Promise<RunRecord[]> {
      const sortBetween = { from: `${prefix}${pad(from, 12)}`, to: `${prefix}${pad(to, 12)}` };
      return runs(await indexPartitionKeys(table, index, pk, { newestFirst: true, sortBetween }));
    },

    /**
     * Every key in one index partition, newest first, or those whose number lies in `range` (after `prefix`),
     * or the first `limit` of them: for lists whose members come and go.
     */
    allKeys(
      index: IndexName,
      pk: string,
      range?: NumberRange,
      limit?: number,
      prefix = "",
    ): Promise<ItemKey[]> {
      if ((range && range.to < range.from) || limit === 0) return Promise.resolve([]);
      const sortBetween = range && {
        from: `${prefix}${pad(range.from, 12)}`,
        to: `${prefix}${pad(range.to, 12)}`,
      };
      return indexPartitionKeys(table, index, pk, { newestFirst: true, sortBetween, limit });
    },

    /**
     * The keys of the runs listed under any of `statuses`, newest first, or those whose number lies in `range`.
     * An ended status is its gsi3 partition. The live ones are the workspace's gsi6 partition of live runs,
     * filtered on their projected status unless all four are asked, merged with each live status's gsi3
     * partition, which holds the runs written before gsi6 until their next commit moves them (nearly always
     * empty; every partition is read at the same time). A run in two of them while the indexes catch up with
     * that commit is listed once. With a `limit`, the newest `limit` (each partition walked that far).
     */
    async statusKeys(
      workspaceId: string,
      statuses: readonly string[],
      range?: NumberRange,
      limit?: number,
    ): Promise<ItemKey[]> {
      if ((range && range.to < range.from) || limit === 0) return [];
      const walk = {
        newestFirst: true,
        sortBetween: range && { from: pad(range.from, 12), to: pad(range.to, 12) },
        limit,
      };
      const live = statuses.filter(isLiveStatus);
      const reads = statuses.map((status) =>
        indexPartitionEntries(table, "gsi3", runListPartitions.byStatus(workspaceId, status), walk),
      );
      if (live.length > 0) {
        const where =
          live.length < LIVE_RUN_STATUSES.length
            ? { attribute: LIVE_STATUS_ATTRIBUTE, oneOf: live }
            : undefined;
        reads.push(
          indexPartitionEntries(table, "gsi6", runListPartitions.live(workspaceId), { ...walk, where }),
        );
      }
      return newestFirstOnce((await Promise.all(reads)).flat()).slice(0, limit);
    },

    /**
     * One step of a date search (run-number-range.ts): the key nearest below a number, then its run; `prefix`
     * before the numbers (a supersession key's numbered runs).
     */
    probe(index: IndexName, pk: string, prefix = ""): ProbeRun {
      return async (number, floor) => {
        const sortBetween = { from: `${prefix}${pad(floor, 12)}`, to: `${prefix}${pad(number, 12)}` };
        const [key] = await indexPartitionKeys(table, index, pk, {
          newestFirst: true,
          sortBetween,
          limit: 1,
        });
        const run = key && (await settledRun(key));
        if (!run) return undefined;
        const keyed = index === "gsi4" && prefix !== "";
        const listed = index === "gsi2" ? run.defSeq : keyed ? (run.keySeq ?? run.seq) : run.seq;
        return { number: listed, createdAt: run.createdAt };
      };
    },

    runs,

    /**
     * A sweep pass over the runs due by `dueBy`. A sweep partition holds only runs that can still need a worker
     * (gsi5's others list ended keyed runs), so this reads the overdue ones and nothing else.
     */
    dueForSweep(dueBy: string): AsyncGenerator<{ workspaceId: string; runId: string }> {
      return sweepPass(table, RUN_SWEEP_PREFIX, dueBy, (item) => {
        const match = /^WS#(.+)#RUN#(.+)$/.exec(String(item.pk));
        return match?.[1] && match[2] ? { workspaceId: match[1], runId: match[2] } : undefined;
      });
    },
  };
}
export type RunListStore = ReturnType<typeof createRunListStore>;

/** Entries of one run list read from two partitions: each run once, newest (highest number) first. */
function newestFirstOnce(entries: IndexEntry[]): ItemKey[] {
  const byRun = new Map(entries.map((entry) => [`${entry.key.pk}|${entry.key.sk}`, entry]));
  return [...byRun.values()]
    .sort((a, b) => (a.indexSort < b.indexSort ? 1 : a.indexSort > b.indexSort ? -1 : 0))
    .map((entry) => entry.key);
}
