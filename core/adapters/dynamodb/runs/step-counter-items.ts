import type { StepCountMove } from "../../../domain/step-counter";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";

/**
 * A run tree's step counter (domain/step-counter.ts): one small item in its root run's partition, `steps`
 * a number. The commits of the tree's runs move it in their transaction: opening sets it unless it is there
 * (a repeat of the opening commit cannot lower it), adding is conditional on the room left, so two runs of the
 * tree that would together cross the bound cannot both commit.
 */
export function stepCountAction(tableName: string, workspaceId: string, move: StepCountMove): TransactItem {
  const Key = keys.stepCounter(workspaceId, move.counterRunId);
  if (move.kind === "open") {
    return {
      Update: {
        TableName: tableName,
        Key,
        UpdateExpression: "SET steps = if_not_exists(steps, :count), entity = :entity",
        ExpressionAttributeValues: { ":count": move.count, ":entity": "StepCounter" },
      },
    };
  }
  return {
    Update: {
      TableName: tableName,
      Key,
      UpdateExpression: "SET steps = if_not_exists(steps, :zero) + :add, entity = :entity",
      ConditionExpression: "attribute_not_exists(steps) OR steps <= :room",
      ExpressionAttributeValues: {
        ":zero": 0,
        ":add": move.add,
        ":room": move.limit - move.add,
        ":entity": "StepCounter",
      },
    },
  };
}
