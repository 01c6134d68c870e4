import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { RateLimitStore } from "../../ports/store";
import type { Table } from "./dynamo-client";
import { keys } from "./keys";

/**
 * Fixed-window request counters shared by every API instance: one atomic ADD per request on the item of
 * the current window. Windows expire through the table's TTL a few minutes after they end.
 */
export function createRateLimitStore(table: Table): RateLimitStore {
  return {
    /** Counts one request in the window and returns the window's count including it. */
    async increment(scope: string, windowStartMs: number, expiresAtMs: number): Promise<number> {
      const result = await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: keys.rateWindow(scope, windowStartMs),
          UpdateExpression:
            "ADD requestCount :one SET ttlEpochSec = if_not_exists(ttlEpochSec, :ttl), entity = :entity",
          ExpressionAttributeValues: {
            ":one": 1,
            ":ttl": Math.ceil(expiresAtMs / 1000),
            ":entity": "RateWindow",
          },
          ReturnValues: "UPDATED_NEW",
        }),
      );
      return Number(result.Attributes?.requestCount ?? 0);
    },
  };
}
