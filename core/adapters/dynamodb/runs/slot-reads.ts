import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { QueuedRun, SlotState, ThrottleState } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";

/** A slot's holders and the head of its queue, and a throttle's starts, as the run commits left them (slot-items.ts). */
export function createSlotReads(table: Table) {
  return {
    async slot(workspaceId: string, slotKey: string, first: number): Promise<SlotState> {
      const key = keys.slot(workspaceId, slotKey);
      const [item, queue] = await Promise.all([
        table.client.send(new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true })),
        first <= 0
          ? undefined
          : table.client.send(
              new QueryCommand({
                TableName: table.name,
                KeyConditionExpression: "pk = :pk AND begins_with(sk, :queued)",
                ExpressionAttributeValues: { ":pk": key.pk, ":queued": keys.slotQueuePrefix },
                ConsistentRead: true,
                Limit: first,
              }),
            ),
      ]);
      const holders = item.Item?.holders instanceof Set ? [...(item.Item.holders as Set<string>)] : [];
      const queued = (queue?.Items ?? []).map(
        (item): QueuedRun => ({ runId: String(item.runId), priority: Number(item.priority) }),
      );
      return { holders: holders.sort(), queue: queued };
    },

    async throttle(workspaceId: string, throttleKey: string): Promise<ThrottleState> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.throttle(workspaceId, throttleKey),
          ConsistentRead: true,
        }),
      );
      const starts = Array.isArray(Item?.starts) ? (Item.starts as unknown[]).map(Number) : [];
      return { starts, version: Number(Item?.version ?? 0) };
    },
  };
}
