import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { CachedAnswer, LlmCacheStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { TTL_ATTRIBUTE } from "../table/table";

/**
 * One item per cached answer, in a partition of its own (`WS#<wsp>#LLMCACHE#<hash>`), so hot entries of one
 * workspace spread over partitions; the table's TTL removes expired ones. Reads are eventually consistent
 * (half the price): an answer written a moment ago and missed is only a call made once more.
 */
export function createLlmCacheStore(table: Table): LlmCacheStore {
  return {
    async get(workspaceId, key, nowMs) {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: keys.llmCache(workspaceId, key) }),
      );
      if (!Item || Number(Item.expiresAtMs) <= nowMs) return undefined;
      return JSON.parse(String(Item.answerJson)) as CachedAnswer;
    },

    async put(workspaceId, key, answer) {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            ...keys.llmCache(workspaceId, key),
            entity: "LlmCacheEntry",
            answerJson: JSON.stringify(answer),
            expiresAtMs: answer.expiresAtMs,
            [TTL_ATTRIBUTE]: Math.ceil(answer.expiresAtMs / 1000),
          },
        }),
      );
    },
  };
}
