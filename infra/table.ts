import { tableDefinition } from "../core/adapters/dynamodb/table/table";
import { thisStage } from "./this-stage";

/**
 * The single table, declared from the same definition the local service and the tests create their tables
 * from (core/adapters/dynamodb/table/table.ts), so the deployed keys, indexes and TTL cannot drift from what the code expects.
 */
const { keys, indexes, ttlAttribute } = tableDefinition;
const keyFields = [keys.partition, keys.sort, ...indexes.flatMap((index) => [index.partition, index.sort])];

export const table = new sst.aws.Dynamo("Table", {
  fields: Object.fromEntries(keyFields.map((field) => [field, "string" as const])),
  primaryIndex: { hashKey: keys.partition, rangeKey: keys.sort },
  globalIndexes: Object.fromEntries(
    indexes.map((index) => [
      index.name,
      {
        hashKey: index.partition,
        rangeKey: index.sort,
        // SST reads a list of attributes as an INCLUDE projection of them.
        projection:
          index.projection.type === "INCLUDE" ? [...index.projection.attributes] : ("keys-only" as const),
      },
    ]),
  ),
  ttl: ttlAttribute,
  // Every run is in here: outside the ephemeral stages, DynamoDB itself refuses to delete the table, by
  // console, CLI or a deploy that drops it, until the protection is turned off.
  deletionProtection: !thisStage.ephemeral,
  // Point-in-time recovery: any second of the last 35 days can be restored after a bad deploy or a mistake.
  // SST turns it on by default; stated here so a change of that default cannot turn it off.
  transform: { table: { pointInTimeRecovery: { enabled: true } } },
});
