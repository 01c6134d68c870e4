import { BatchWriteCommand, GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { THREAD_MESSAGES_MAX, ThreadMessage, type ThreadSummary } from "../../../domain/thread";
import type { ThreadStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { type ItemKey, keys } from "../table/keys";
import { queryAll } from "../table/query";
import { putUnlessRefused, transactWrite, WriteConflict } from "../table/write-conflict";

/**
 * Appends that lose to another writer of the same thread are tried again this often, after a jittered pause,
 * before the error (the step then retries): writers of one thread at once are a run's parallel agent steps.
 */
const APPEND_TRIES = 12;
/** BatchWriteItem takes 25 requests; unprocessed ones are sent again this often. */
const BATCH = 25;
const BATCH_TRIES = 5;

/**
 * A thread is one partition (`WS#<wsp>#THREAD#<id>`): `HEAD` holds the count, `MSG#<seq>` each message (its
 * place padded, so a page is one range of the sort key), `BY#<stepRun>` each step run that added to it,
 * `SUM#<upTo>` each summary of its first messages (threadSummary). An
 * append is one transaction: the head moves from the count it read, the step run's marker is new, the
 * messages take the places after it; so two writers never take one place, and a repeated unit adds nothing.
 */
export function createThreadStore(table: Table): ThreadStore {
  const sizeOf = async (workspaceId: string, threadId: string): Promise<number> => {
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.threadHead(workspaceId, threadId),
        ConsistentRead: true,
      }),
    );
    return typeof Item?.size === "number" ? Item.size : 0;
  };

  return {
    size: sizeOf,

    async range(workspaceId, threadId, from, to) {
      if (to < from) return [];
      const items = await queryAll(table, {
        KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
        ExpressionAttributeValues: {
          ":pk": keys.threadPartition(workspaceId, threadId),
          ":from": keys.threadMessage(workspaceId, threadId, from).sk,
          ":to": keys.threadMessage(workspaceId, threadId, to).sk,
        },
        ConsistentRead: true,
      });
      return items.map((item) => ThreadMessage.parse(item));
    },

    async append(workspaceId, threadId, stepRunId, messages, now) {
      for (let attempt = 0; ; attempt++) {
        const size = await sizeOf(workspaceId, threadId);
        if (size + messages.length > THREAD_MESSAGES_MAX) return { kind: "full", size };
        const head = keys.threadHead(workspaceId, threadId);
        try {
          await transactWrite(table, [
            {
              Update: {
                TableName: table.name,
                Key: head,
                UpdateExpression:
                  "SET #size = :after, updatedAt = :now, createdAt = if_not_exists(createdAt, :now)",
                ConditionExpression:
                  size === 0 ? "attribute_not_exists(#size) OR #size = :before" : "#size = :before",
                ExpressionAttributeNames: { "#size": "size" },
                ExpressionAttributeValues: { ":before": size, ":after": size + messages.length, ":now": now },
              },
            },
            {
              Put: {
                TableName: table.name,
                Item: {
                  ...keys.threadAppendedBy(workspaceId, threadId, stepRunId),
                  entity: "ThreadAppend",
                  at: now,
                },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
            ...messages.map((message, i) => ({
              Put: {
                TableName: table.name,
                Item: {
                  ...keys.threadMessage(workspaceId, threadId, size + i + 1),
                  entity: "ThreadMessage",
                  seq: size + i + 1,
                  ...message,
                },
              },
            })),
          ]);
          return { kind: "appended", size: size + messages.length };
        } catch (error) {
          if (!(error instanceof WriteConflict)) throw error;
          if (error.lostAt(1)) return { kind: "already" };
          if (attempt + 1 >= APPEND_TRIES) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
        }
      }
    },

    async latestSummary(workspaceId, threadId, upTo) {
      const { Items } = await table.client.send(
        new QueryCommand({
          TableName: table.name,
          KeyConditionExpression: "pk = :pk AND sk BETWEEN :first AND :last",
          ExpressionAttributeValues: {
            ":pk": keys.threadPartition(workspaceId, threadId),
            ":first": keys.threadSummary(workspaceId, threadId, 0).sk,
            ":last": keys.threadSummary(workspaceId, threadId, upTo).sk,
          },
          ScanIndexForward: false,
          Limit: 1,
          ConsistentRead: true,
        }),
      );
      const item = Items?.[0];
      return item ? summaryOf(item) : undefined;
    },

    async putSummary(workspaceId, threadId, summary) {
      const key = keys.threadSummary(workspaceId, threadId, summary.upTo);
      const put = {
        Put: {
          TableName: table.name,
          Item: { ...key, entity: "ThreadSummary", ...summary },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      };
      if (await putUnlessRefused(table, put)) return summary;
      // Another unit wrote this summary first: every step that leaves these messages out reads that one.
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
      );
      return Item ? summaryOf(Item) : summary;
    },

    async delete(workspaceId, threadId) {
      let deleted = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await table.client.send(
          new QueryCommand({
            TableName: table.name,
            KeyConditionExpression: "pk = :pk",
            ExpressionAttributeValues: { ":pk": keys.threadPartition(workspaceId, threadId) },
            ProjectionExpression: "pk, sk",
            ExclusiveStartKey: startKey,
          }),
        );
        const found = (page.Items ?? []) as ItemKey[];
        // The head last: a thread whose delete stopped half-way still answers, and a second delete finishes it.
        found.sort((a, b) => Number(a.sk === "HEAD") - Number(b.sk === "HEAD"));
        for (let i = 0; i < found.length; i += BATCH) await deleteBatch(table, found.slice(i, i + BATCH));
        deleted += found.length;
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return deleted > 0;
    },
  };
}

function summaryOf(item: Record<string, unknown>): ThreadSummary {
  return { upTo: Number(item.upTo), text: String(item.text), createdAt: String(item.createdAt) };
}

async function deleteBatch(table: Table, itemKeys: readonly ItemKey[]): Promise<void> {
  let requests = itemKeys.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
  for (let attempt = 0; requests.length > 0; attempt++) {
    if (attempt >= BATCH_TRIES)
      throw new Error(`A thread's delete left ${requests.length} items unprocessed`);
    const answer = await table.client.send(
      new BatchWriteCommand({ RequestItems: { [table.name]: requests } }),
    );
    requests = (answer.UnprocessedItems?.[table.name] ?? []) as typeof requests;
  }
}
