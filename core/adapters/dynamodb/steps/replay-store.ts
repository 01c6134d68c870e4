import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { StepReplay } from "../../../domain/replay";
import type { ReplayStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";

/**
 * Replays in their run's partition (`REPLAY#<step>#<id>`, ids time-ordered), stored as one JSON string:
 * an answer is the user's JSON, which DynamoDB's 32-level nesting limit does not know about.
 */
export function createReplayStore(table: Table): ReplayStore {
  return {
    async put(workspaceId, replay) {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            ...keys.replay(workspaceId, replay.workflowRunId, replay.stepName, replay.id),
            entity: "StepReplay",
            replayJson: JSON.stringify(replay),
          },
        }),
      );
    },

    async list(workspaceId, runId, stepName, limit) {
      const { Items = [] } = await table.client.send(
        new QueryCommand({
          TableName: table.name,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
          ExpressionAttributeValues: {
            ":pk": keys.replay(workspaceId, runId, stepName, "").pk,
            ":prefix": keys.replay(workspaceId, runId, stepName, "").sk,
          },
          Limit: limit,
        }),
      );
      return Items.map((item) => JSON.parse(String(item.replayJson)) as StepReplay);
    },
  };
}
