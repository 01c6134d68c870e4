import {
  indexEntryBytes,
  itemBytes,
  itemReadUnits,
  pageReadUnits,
  type ReadMode,
  type TableShape,
  type WireItem,
} from "./billed-units";
import { type DynamoWire, itemId, type WireResponse, withoutFields } from "./dynamo-wire";
import type { Bill, BillingContext } from "./request-bill";

/** Request fields that make DynamoDB return less than it read (and bill): dropped when replaying a read. */
const READ_NARROWING = [
  "FilterExpression",
  "ProjectionExpression",
  "Select",
  "AttributesToGet",
  "QueryFilter",
  "ScanFilter",
  "ConditionalOperator",
  "ReturnConsumedCapacity",
];

export async function billRead(
  context: BillingContext,
  operation: string,
  input: Record<string, unknown>,
  forward: () => Promise<WireResponse>,
  bill: Bill,
): Promise<WireResponse> {
  const { kind } = context;
  const response = await forward();
  if (response.status !== 200) return response;
  try {
    if (operation === "GetItem") {
      const item = await wholeItem(context.wire, input, response.body.Item as WireItem | undefined);
      const mode: ReadMode = input.ConsistentRead === true ? "strong" : "eventual";
      bill.read(kind(input.Key as WireItem), itemReadUnits(item && itemBytes(item), mode));
    } else if (operation === "BatchGetItem") {
      await billBatchGet(context, input, response.body, bill);
    } else if (operation === "TransactGetItems") {
      const gets = (input.TransactItems as { Get: Record<string, unknown> }[]).map((entry) => entry.Get);
      const answers = (response.body.Responses as { Item?: WireItem }[] | undefined) ?? [];
      for (const [i, get] of gets.entries()) {
        const item = await wholeItem(context.wire, get, answers[i]?.Item);
        bill.read(kind(get.Key as WireItem), itemReadUnits(item && itemBytes(item), "transactional"));
      }
    } else {
      await billPage(context, operation, input, response.body, bill);
    }
  } catch (error) {
    bill.unbillable(error);
  }
  return response;
}

/** The item as DynamoDB read (and billed) it: refetched whole when the request projected attributes. */
async function wholeItem(wire: DynamoWire, get: Record<string, unknown>, returned: WireItem | undefined) {
  if (get.ProjectionExpression === undefined && get.AttributesToGet === undefined) return returned;
  return wire.getItem(String(get.TableName ?? ""), get.Key as WireItem);
}

async function billBatchGet(
  context: BillingContext,
  input: Record<string, unknown>,
  body: Record<string, unknown>,
  bill: Bill,
) {
  const { key, kind } = context;
  const requested = input.RequestItems as Record<string, Record<string, unknown>>;
  const responses = (body.Responses as Record<string, WireItem[]> | undefined) ?? {};
  const unprocessed = (body.UnprocessedKeys as Record<string, { Keys?: WireItem[] }> | undefined) ?? {};
  for (const [tableName, request] of Object.entries(requested)) {
    const found = new Map((responses[tableName] ?? []).map((item) => [itemId(tableName, key(item)), item]));
    const skipped = new Set((unprocessed[tableName]?.Keys ?? []).map((k) => itemId(tableName, key(k))));
    const mode: ReadMode = request.ConsistentRead === true ? "strong" : "eventual";
    for (const itemKey of request.Keys as WireItem[]) {
      const id = itemId(tableName, key(itemKey));
      if (skipped.has(id)) continue;
      const item = await wholeItem(
        context.wire,
        { ...request, TableName: tableName, Key: itemKey },
        found.get(id),
      );
      bill.read(kind(itemKey), itemReadUnits(item && itemBytes(item), mode));
    }
  }
}

async function billPage(
  context: BillingContext,
  operation: string,
  input: Record<string, unknown>,
  body: Record<string, unknown>,
  bill: Bill,
) {
  const narrowed = READ_NARROWING.some(
    (field) => field !== "ReturnConsumedCapacity" && input[field] !== undefined,
  );
  const read = narrowed
    ? ((await context.wire.call(operation, withoutFields(input, READ_NARROWING))).Items as
        | WireItem[]
        | undefined)
    : (body.Items as WireItem[] | undefined);
  const items = read ?? [];
  const indexName = typeof input.IndexName === "string" ? input.IndexName : undefined;
  const sizes = items.map((item) => (indexName ? indexEntryBytes(item) : itemBytes(item)));
  // Global secondary indexes are read eventually consistent only.
  const mode = input.ConsistentRead === true && !indexName ? "strong" : "eventual";
  const first = items[0] ?? keyConditionKey(context.table, input);
  const where = indexName ? `index:${indexName}` : context.kind(first);
  bill.read(where, pageReadUnits(sizes, mode));
  bill.returned(((body.Items as unknown[] | undefined) ?? []).length);
}

/**
 * For a Query that found nothing, a stand-in key to name what it looked for: the key condition's values in
 * order (partition, then the sort key's bound or prefix).
 */
function keyConditionKey(table: TableShape, input: Record<string, unknown>): WireItem {
  const values = Object.values((input.ExpressionAttributeValues ?? {}) as WireItem);
  const stand: WireItem = {};
  if (values[0]) stand[table.partition] = values[0];
  if (table.sort && values[1]) stand[table.sort] = values[1];
  return stand;
}
