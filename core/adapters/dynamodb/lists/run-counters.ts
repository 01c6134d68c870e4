import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { type Asker, groupBy, perTurn } from "../table/per-turn";

/**
 * A run's numbers among the workspace's runs and its definition's runs, for paging (docs/lists.md,
 * "How lists get total"). Each number is taken with an atomic `ADD` on its counter before the run is written,
 * so concurrent creations never wait on each other or retry for a number. A number whose run is then not
 * written is added to the counter's `gaps`, which lists skip and `total` leaves out.
 */
export interface RunCounter {
  count: number;
  /** Numbers given up, highest first. */
  gaps: number[];
}

interface NumberAsk extends Asker<number> {
  workspaceId: string;
  scope: string;
}

export function createRunCounters(table: Table) {
  async function counter(workspaceId: string, scope: string): Promise<RunCounter> {
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.runCounter(workspaceId, scope),
        ConsistentRead: true,
      }),
    );
    const gaps = Item?.gaps instanceof Set ? [...(Item.gaps as Set<number>)].map(Number) : [];
    return { count: Number(Item?.count ?? 0), gaps: gaps.sort((a, b) => b - a) };
  }

  /** Moves a counter on by `numbers` and answers the last of them. */
  async function add(workspaceId: string, scope: string, numbers: number): Promise<number> {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: keys.runCounter(workspaceId, scope),
        UpdateExpression: "ADD #count :numbers SET entity = :entity",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: { ":numbers": numbers, ":entity": "RunCounter" },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    return Number(Attributes?.count);
  }

  /**
   * The creations of a counter's numbers asked in the same turn of the event loop (a burst of creations in
   * one workspace) take them with one `ADD` of how many they are, each its own number of the range it
   * answers, in the order asked: one write of the hot counter item instead of one each.
   */
  const askNumber = perTurn((asked: NumberAsk[]) => {
    for (const askers of groupBy(
      asked,
      ({ workspaceId, scope }) => `${workspaceId}\u0000${scope}`,
    ).values()) {
      const [{ workspaceId, scope }] = askers as [NumberAsk];
      add(workspaceId, scope, askers.length).then(
        (last) => {
          for (const [i, asker] of askers.entries()) asker.resolve(last - askers.length + 1 + i);
        },
        (error: unknown) => {
          for (const asker of askers) asker.reject(error);
        },
      );
    }
  });

  const take = (workspaceId: string, scope: string) =>
    new Promise<number>((resolve, reject) => askNumber({ workspaceId, scope, resolve, reject }));

  /**
   * A number from each counter, the two ADDs at once (a child run's one counter gives both numbers). If one
   * fails, the number the other took is given up, as no run will hold it.
   */
  async function takeBoth(
    workspaceId: string,
    runsScope: string,
    definitionScope: string,
  ): Promise<[number, number]> {
    if (definitionScope === runsScope) {
      const seq = await take(workspaceId, runsScope);
      return [seq, seq];
    }
    const [seq, defSeq] = await Promise.allSettled([
      take(workspaceId, runsScope),
      take(workspaceId, definitionScope),
    ]);
    if (seq.status === "fulfilled" && defSeq.status === "fulfilled") return [seq.value, defSeq.value];
    if (seq.status === "fulfilled") await giveUp(workspaceId, runsScope, seq.value);
    if (defSeq.status === "fulfilled") await giveUp(workspaceId, definitionScope, defSeq.value);
    throw seq.status === "rejected" ? seq.reason : (defSeq as PromiseRejectedResult).reason;
  }

  function giveUp(workspaceId: string, scope: string, number: number): Promise<unknown> {
    return table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: keys.runCounter(workspaceId, scope),
        UpdateExpression: "ADD gaps :number",
        ExpressionAttributeValues: { ":number": new Set([number]) },
      }),
    );
  }

  return { counter, take, takeBoth, giveUp };
}
