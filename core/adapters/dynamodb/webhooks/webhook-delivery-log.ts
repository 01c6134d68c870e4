import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { WebhookDelivery } from "../../../domain/webhook";
import type { Page } from "../../../ports/store";
import { numberFromTop } from "../lists/number-from-top";
import type { Table } from "../table/dynamo-client";
import type { ItemKey } from "../table/keys";
import { batchGet } from "../table/query";
import { readDeliveryCounter } from "./delivery-numbers";
import { webhookKeys } from "./webhook-keys";

type Item = Record<string, unknown>;

/** Every field the delivery log shows; the body is left out of the response (not of the read cost). */
const LOG_FIELDS = [
  "id",
  "webhookId",
  "event",
  "workflowRunId",
  "status",
  "attempts",
  "attemptLog",
  "lastStatusCode",
  "lastError",
  "nextAttemptAt",
  "createdAt",
  "updatedAt",
  "deliveredAt",
  "failedAt",
];
const names = Object.fromEntries(LOG_FIELDS.map((field) => [`#${field}`, field]));
const projection = { ProjectionExpression: Object.keys(names).join(", "), ExpressionAttributeNames: names };

/**
 * Deliveries a page's query reads beyond the page's own, so one whose key sorts among the page's (created out
 * of its event's order) does not send the others to a batch read.
 */
const STRAY_ALLOWANCE = 10;

/**
 * One page of a webhook's delivery log, newest first, and its `total` (docs/data-model.md, "Webhooks"):
 * undefined when there is no such webhook. Deliveries are numbered at creation, so page N is a range of
 * numbers whatever N; the deliveries created before they were numbered are listed below the numbered ones,
 * in their key's order, by a walk from whichever end of the partition is nearer. Strongly consistent, so a
 * user sees a delivery and its attempts as soon as they are recorded.
 */
export async function pageDeliveryLog(
  table: Table,
  workspaceId: string,
  webhookId: string,
  offset: number,
  limit: number,
): Promise<Page<WebhookDelivery> | undefined> {
  const counter = await readDeliveryCounter(table, workspaceId, webhookId);
  if (!counter) return undefined;
  const { count, gaps, numberedFrom } = counter;
  // Numbers are taken above numberedFrom only, so every gap lies among the numbered deliveries.
  const numbered = count - numberedFrom - gaps.length;
  const total = numbered + numberedFrom;
  if (offset >= total) return { items: [], total };
  const end = Math.min(total, offset + limit);
  const items: Item[] = [];
  if (offset < numbered) {
    const newest = numberFromTop(count, gaps, offset + 1);
    const oldest = numberFromTop(count, gaps, Math.min(numbered, end));
    items.push(...(await numberedDeliveries(table, workspaceId, webhookId, oldest, newest)));
  }
  if (end > numbered) {
    const skip = Math.max(0, offset - numbered);
    const take = end - numbered - skip;
    items.push(
      ...(await unnumberedDeliveries(table, workspaceId, webhookId, { numbered, numberedFrom, skip, take })),
    );
  }
  return { items: items.map((item) => WebhookDelivery.parse(item)), total };
}

/**
 * The deliveries numbered oldest..newest, newest first: their ids from the log's entries, then the deliveries
 * themselves by one query of the key range they span (their ids sort by their events' time, which is nearly
 * always their creation order), and by key for any that range's query did not reach.
 */
async function numberedDeliveries(
  table: Table,
  workspaceId: string,
  webhookId: string,
  oldest: number,
  newest: number,
): Promise<Item[]> {
  const partition = webhookKeys.deliveryPartition(workspaceId, webhookId);
  const { Items: entries = [] } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
      ExpressionAttributeValues: {
        ":pk": partition,
        ":from": webhookKeys.logEntry(workspaceId, webhookId, oldest).sk,
        ":to": webhookKeys.logEntry(workspaceId, webhookId, newest).sk,
      },
      ProjectionExpression: "id",
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  const keys = entries.map((entry) => webhookKeys.delivery(workspaceId, webhookId, String(entry.id)));
  if (keys.length === 0) return [];
  const sorted = keys.map((key) => key.sk).sort();
  const { Items = [] } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
      ExpressionAttributeValues: { ":pk": partition, ":from": sorted[0], ":to": sorted.at(-1) },
      ...projection,
      ScanIndexForward: false,
      ConsistentRead: true,
      Limit: keys.length + STRAY_ALLOWANCE,
    }),
  );
  const found = new Map(Items.map((item) => [`${webhookKeys.deliveryPrefix}${item.id}`, item]));
  const missing: ItemKey[] = keys.filter((key) => !found.has(key.sk));
  for (const item of await batchGet(table, missing)) found.set(String(item.sk), item);
  return keys.flatMap((key) => found.get(key.sk) ?? []);
}

/**
 * The deliveries created before deliveries were numbered (no `logNumber`), ranked newest first by key,
 * `skip` of them skipped: a walk of the partition filtered to them, from the top (past the numbered
 * deliveries) or from the bottom, whichever reads fewer. Their number never grows, so neither does the walk.
 */
async function unnumberedDeliveries(
  table: Table,
  workspaceId: string,
  webhookId: string,
  at: { numbered: number; numberedFrom: number; skip: number; take: number },
): Promise<Item[]> {
  const { numbered, numberedFrom, skip, take } = at;
  const fromTop = numbered + skip + take <= numberedFrom - skip;
  const needed = fromTop ? skip + take : numberedFrom - skip;
  const found: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
        FilterExpression: "attribute_not_exists(logNumber)",
        ExpressionAttributeValues: {
          ":pk": webhookKeys.deliveryPartition(workspaceId, webhookId),
          ":prefix": webhookKeys.deliveryPrefix,
        },
        ...projection,
        ScanIndexForward: !fromTop,
        ConsistentRead: true,
        Limit: needed - found.length,
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(page.Items ?? []));
    startKey = found.length >= needed ? undefined : page.LastEvaluatedKey;
  } while (startKey);
  return fromTop ? found.slice(skip, skip + take) : found.slice(Math.max(0, needed - take), needed).reverse();
}
