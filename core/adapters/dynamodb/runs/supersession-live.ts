import { GetCommand, UpdateCommand, type UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { ConflictError } from "../../../domain/errors";
import { LIMITS } from "../../../domain/limits";
import type { RunCommit } from "../../../domain/run-commit";
import type { RunRecord } from "../../../domain/run-record";
import { isEndedStatus } from "../../../domain/statuses";
import { isConditionFailure } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { type ItemKey, keys } from "../table/keys";
import { MAX_KEPT_LIVE } from "./creation-items";
import { runListPartitions } from "./run-index-keys";

/**
 * The runs of a supersession key that may still be live, kept on the key's head item as the set `live`
 * (docs/lists.md, "Supersession keys"), so supersession, a `queue_latest` admission and a trigger's
 * overlap check read the key's live runs rather than every run it ever had. A creation adds its run in its
 * own transaction (run-creation.ts); a commit that ends a run takes it out once it has landed, and one that
 * revives it (the retry endpoint) puts it back before it is written. A removal that is lost leaves an ended
 * run in the set until a reader finds it ended and takes it out.
 */
export interface LiveKeyReads {
  /** The first `limit` keys in the index partition, newest first (run-lists.ts `allKeys`). */
  allKeys(index: "gsi4", pk: string, range: undefined, limit: number): Promise<ItemKey[]>;
  /** The runs, read strongly. */
  runs(itemKeys: ItemKey[]): Promise<RunRecord[]>;
}

export function createSupersessionLive(
  table: Table,
  reads: LiveKeyReads,
  walkBound: number = LIMITS.keyRunsWalked,
) {
  const keyed = ({ run }: RunCommit) => run.supersessionKey !== null && run.parent === undefined;

  /** Updates the run's key's head; one its condition refuses (gone, or moved since read) is left as it is. */
  async function updateHead(
    run: RunRecord,
    update: Pick<
      UpdateCommandInput,
      "UpdateExpression" | "ConditionExpression" | "ExpressionAttributeValues"
    >,
  ): Promise<void> {
    try {
      await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: keys.supersessionHead(run.workspaceId, run.supersessionKey ?? ""),
          ...update,
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  const change = (run: RunRecord, action: "ADD" | "DELETE", runIds: string[]) =>
    updateHead(run, {
      UpdateExpression: `${action} live :ids`,
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeValues: { ":ids": new Set(runIds) },
    });

  /**
   * The key's runs from its index, as every read was before the head kept them (a head older than that, or
   * past MAX_KEPT_LIVE): at most `walkBound` of them, refused past it before any run is read.
   */
  async function fromIndex(workspaceId: string, supersessionKey: string, head: ItemKey | undefined) {
    const pk = runListPartitions.bySupersessionKey(workspaceId, supersessionKey);
    const indexed = await reads.allKeys("gsi4", pk, undefined, walkBound + 1);
    if (indexed.length > walkBound) throw tooLongToWalk(supersessionKey, walkBound);
    const lagging = head && !indexed.some((key) => key.pk === head.pk) ? [head] : [];
    return reads.runs([...lagging, ...indexed]);
  }

  return {
    /** Puts back each keyed run the commits revive, before they are written. */
    async beforeWrite(commits: readonly RunCommit[]): Promise<void> {
      const revived = commits.filter(
        (commit) => keyed(commit) && isEndedStatus(commit.statusBefore) && !isEndedStatus(commit.run.status),
      );
      await Promise.all(revived.map(({ run }) => change(run, "ADD", [run.id])));
    },

    /** Takes out each keyed run the landed commits ended; one that fails is left for a reader to take out. */
    async afterWrite(commits: readonly RunCommit[]): Promise<void> {
      const ended = commits.filter(
        (commit) => keyed(commit) && !isEndedStatus(commit.statusBefore) && isEndedStatus(commit.run.status),
      );
      await Promise.all(ended.map(({ run }) => change(run, "DELETE", [run.id]).catch(() => undefined)));
    },

    /** The key's live runs and its newest run, whatever its status; newest first. */
    async runs(workspaceId: string, supersessionKey: string): Promise<RunRecord[]> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.supersessionHead(workspaceId, supersessionKey),
          ConsistentRead: true,
        }),
      );
      const newest = Item && String(Item.runId);
      const headKey = newest === undefined ? undefined : keys.run(workspaceId, newest);
      const held = Item?.live instanceof Set ? [...(Item.live as Set<string>)] : [];
      const found =
        Item?.tracksLive === true
          ? await reads.runs(
              [...new Set([...held, ...(newest ? [newest] : [])])].map((id) => keys.run(workspaceId, id)),
            )
          : await fromIndex(workspaceId, supersessionKey, headKey);
      const listed = found.filter((run) => !isEndedStatus(run.status) || run.id === newest);
      const first = found[0];
      if (first && Item && Item.tracksLive !== true) {
        const liveIds = listed.filter((run) => !isEndedStatus(run.status)).map((run) => run.id);
        if (liveIds.length < MAX_KEPT_LIVE) await startKeeping(first, Number(Item.seq), liveIds);
      } else if (first) {
        const ended = held.filter((id) => !listed.some((run) => run.id === id && !isEndedStatus(run.status)));
        if (ended.length > 0) await change(first, "DELETE", ended);
      }
      return listed.sort((a, b) => b.seq - a.seq);
    },
  };

  /**
   * A head that does not keep its live runs (older than the set, or past MAX_KEPT_LIVE) starts keeping them,
   * from its index's, if no creation has moved it since it was read.
   */
  function startKeeping(run: RunRecord, seq: number, liveIds: string[]): Promise<void> {
    return updateHead(run, {
      UpdateExpression: `SET tracksLive = :tracks${liveIds.length > 0 ? " ADD live :ids" : ""}`,
      ConditionExpression: "seq = :seq",
      ExpressionAttributeValues: {
        ":tracks": true,
        ":seq": seq,
        ...(liveIds.length > 0 ? { ":ids": new Set(liveIds) } : {}),
      },
    });
  }
}

/** A key whose head does not keep its live runs, with more runs than one walk of its index reads. */
function tooLongToWalk(supersessionKey: string, bound: number): ConflictError {
  return new ConflictError(
    `The supersession key has more than ${bound.toLocaleString("en-US")} runs and more live runs than its ` +
      `head keeps (${MAX_KEPT_LIVE}): its live runs cannot be read within bounds. Cancel some of them, or use a new key`,
    { details: { supersessionKey, keyRunsWalked: bound } },
  );
}
