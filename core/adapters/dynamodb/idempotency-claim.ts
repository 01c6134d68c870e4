import type { Table } from "./dynamo-client";
import { keys } from "./keys";
import type { TransactItem } from "./transact";

/** An idempotency key claimed for `runId`: written only if no run holds it. */
export function idempotencyClaim(
  table: Table,
  workspaceId: string,
  idempotencyKey: string,
  runId: string,
): TransactItem {
  return {
    Put: {
      TableName: table.name,
      Item: { ...keys.idempotency(workspaceId, idempotencyKey), entity: "RunIdempotencyKey", runId },
      ConditionExpression: "attribute_not_exists(pk)",
    },
  };
}
