/** The items that tie a run to a key a creation gave: its idempotency key, its debounce window. */
import type { RunRecord } from "../../../domain/run-record";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";

/** An idempotency key claimed for `runId`: written only if no run holds it. */
export function idempotencyClaim(
  tableName: string,
  workspaceId: string,
  idempotencyKey: string,
  runId: string,
): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.idempotency(workspaceId, idempotencyKey), entity: "RunIdempotencyKey", runId },
      ConditionExpression: "attribute_not_exists(pk)",
    },
  };
}

/** A join of the run's debounce window: the key's entry counts it, only while it names the run. */
export function debounceJoin(tableName: string, run: RunRecord, scope: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.debounceWindow(run.workspaceId, scope),
      UpdateExpression: "SET creations = :creations",
      ConditionExpression: "runId = :runId",
      ExpressionAttributeValues: { ":creations": run.debounceWindow?.creations ?? 0, ":runId": run.id },
    },
  };
}
