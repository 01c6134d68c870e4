import type { TableShape, WireItem } from "./billed-units";
import { type DynamoWire, withoutFields } from "./dynamo-wire";
import type { WriteTarget } from "./write-targets";

/** Fields of an update that the scratch replay must not carry. */
const UPDATE_REPLAY_DROPPED = [
  "ConditionExpression",
  "Expected",
  "ConditionalOperator",
  "ReturnValues",
  "ReturnValuesOnConditionCheckFailure",
  "ReturnConsumedCapacity",
  "ReturnItemCollectionMetrics",
];

/**
 * A table with the single table's primary key and nothing else, where a refused UpdateItem is replayed on a
 * copy of its item to learn the item it would have made.
 */
export async function createScratchTable(wire: DynamoWire, table: TableShape, name: string): Promise<void> {
  const keys = [
    { AttributeName: table.partition, KeyType: "HASH" },
    ...(table.sort ? [{ AttributeName: table.sort, KeyType: "RANGE" }] : []),
  ];
  try {
    await wire.call("CreateTable", {
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      KeySchema: keys,
      AttributeDefinitions: keys.map((k) => ({ AttributeName: k.AttributeName, AttributeType: "S" })),
    });
  } catch (error) {
    if (!String(error).includes("ResourceInUseException")) throw error;
  }
}

/** What a refused write would have stored: a Put's item; an Update replayed, without its condition, on a copy. */
export async function attemptedItem(
  wire: DynamoWire,
  scratchTable: string,
  target: WriteTarget,
  before: WireItem | undefined,
): Promise<WireItem | undefined> {
  if (target.action === "Put") return target.request.Item as WireItem;
  if (target.action !== "Update") return undefined;
  await wire.call("DeleteItem", { TableName: scratchTable, Key: target.key });
  if (before) await wire.call("PutItem", { TableName: scratchTable, Item: before });
  try {
    const replay = withoutFields(target.request, UPDATE_REPLAY_DROPPED);
    const answer = await wire.call("UpdateItem", {
      ...replay,
      TableName: scratchTable,
      Key: target.key,
      ReturnValues: "ALL_NEW",
    });
    return answer.Attributes as WireItem | undefined;
  } catch {
    // The update cannot apply to the item as it is (e.g. arithmetic on a missing attribute): the item
    // as it is is then the larger one.
    return before;
  }
}
