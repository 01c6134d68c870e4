import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { RateLimitStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";

/**
 * Fixed-window request counters shared by every API instance: atomic ADDs on the item of the window, of one
 * request or of a batch an instance counted in memory. Windows expire through the table's TTL a few minutes
 * after they end.
 */
export function createRateLimitStore(table: Table): RateLimitStore {
  return {
    /** Adds `requests` to the window's count and returns the count including them. */
    async increment(
      scope: string,
      windowStartMs: number,
      expiresAtMs: number,
      requests: number,
    ): Promise<number> {
      const result = await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: keys.rateWindow(scope, windowStartMs),
          UpdateExpression:
            "ADD requestCount :requests SET ttlEpochSec = if_not_exists(ttlEpochSec, :ttl), entity = :entity",
          ExpressionAttributeValues: {
            ":requests": requests,
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
