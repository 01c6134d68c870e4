import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Table } from "./dynamo-client";
import { SWEEP_SHARDS } from "./sweep-index";

/**
 * Entries a pass reads of one sweep partition, earliest due first: a pass does bounded work (5,000 doorbells
 * at most over the 10 partitions), and what it leaves is found by the next, a minute later.
 */
const SWEEP_PAGE = 500;

/**
 * One sweep pass over a sweep index (`prefix`: `SWEEP#` or WEBHOOK_SWEEP_PREFIX): the entries due at or before
 * `dueBy` of each partition in turn, as `parse` reads them (undefined: skipped), one query per partition.
 */
export async function* sweepPass<T>(
  table: Table,
  prefix: string,
  dueBy: string,
  parse: (item: Record<string, unknown>) => T | undefined,
): AsyncGenerator<T> {
  for (let shard = 0; shard < SWEEP_SHARDS; shard++) {
    const page = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: "gsi5",
        KeyConditionExpression: "gsi5pk = :pk AND gsi5sk <= :dueBy",
        // A due time sorts at or before `<dueBy>#~` when it is at or before dueBy, whatever follows it.
        ExpressionAttributeValues: { ":pk": `${prefix}${shard}`, ":dueBy": `${dueBy}#~` },
        Limit: SWEEP_PAGE,
      }),
    );
    for (const item of page.Items ?? []) {
      const entry = parse(item);
      if (entry !== undefined) yield entry;
    }
  }
}
