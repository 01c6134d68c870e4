import type { RunCommit } from "../../../domain/run-commit";
import type { RunRecord } from "../../../domain/run-record";
import { DEFAULT_PRIORITY, type ThrottleStart } from "../../../domain/run-slots";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";

/**
 * Slots and throttles in the table (docs/data-model.md, "Slots and throttles"). A slot's partition holds its
 * item (`holders`, a string set of run ids) and its queue, one item per waiting run, sorted by priority then
 * creation, so the next runs to start are one strongly consistent Query away. The run's commits move both:
 * the start adds the run to `holders` only while the set is under the limit (or holds it already) and
 * deletes its queue item; the end deletes it from `holders`. Set ADD and DELETE need no read and never
 * conflict with each other's values, so a slot is never a version every run of the key must agree on.
 */

/** The queue item a run with a slot is created with. */
export function queuedPut(tableName: string, run: RunRecord): TransactItem[] {
  if (!run.slot) return [];
  const priority = run.priority ?? DEFAULT_PRIORITY;
  const key = keys.slotQueued(run.workspaceId, run.slot.key, priority, run.id);
  return [{ Put: { TableName: tableName, Item: { ...key, entity: "SlotQueued", runId: run.id, priority } } }];
}

/**
 * The slot actions of the commits of one transaction. The runs a creation supersedes may share a slot: their
 * releases go as one DELETE of all their ids, since a transaction touches an item once.
 */
export function slotActions(tableName: string, commits: readonly RunCommit[]): TransactItem[] {
  const actions: TransactItem[] = [];
  const releases = new Map<string, { workspaceId: string; runIds: string[] }>();
  for (const { run, slot: move } of commits) {
    if (!move) continue;
    const { workspaceId } = run;
    const slotKey = keys.slot(workspaceId, move.slot.key);
    if (move.kind === "release") {
      const release = releases.get(move.slot.key) ?? { workspaceId, runIds: [] };
      release.runIds.push(run.id);
      releases.set(move.slot.key, release);
      continue;
    }
    const queued = keys.slotQueued(workspaceId, move.slot.key, run.priority ?? DEFAULT_PRIORITY, run.id);
    actions.push({ Delete: { TableName: tableName, Key: queued } });
    if (move.kind !== "acquire") continue;
    actions.push({
      Update: {
        TableName: tableName,
        Key: slotKey,
        UpdateExpression: "ADD holders :run SET entity = :entity",
        ConditionExpression:
          "attribute_not_exists(holders) OR size(holders) < :limit OR contains(holders, :runId)",
        ExpressionAttributeValues: {
          ":run": new Set([run.id]),
          ":runId": run.id,
          ":limit": move.slot.limit,
          ":entity": "Slot",
        },
      },
    });
  }
  for (const [slotKey, { workspaceId, runIds }] of releases) {
    actions.push({
      Update: {
        TableName: tableName,
        Key: keys.slot(workspaceId, slotKey),
        UpdateExpression: "DELETE holders :runs",
        ExpressionAttributeValues: { ":runs": new Set(runIds) },
      },
    });
  }
  return actions;
}

/** A start recorded against a throttle: the key's starts replaced, if still at the version read. */
export function throttleAction(tableName: string, workspaceId: string, start: ThrottleStart): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.throttle(workspaceId, start.throttle.key),
      UpdateExpression: "SET starts = :starts, version = :next, entity = :entity",
      ConditionExpression: start.readVersion === 0 ? "attribute_not_exists(version)" : "version = :read",
      ExpressionAttributeValues: {
        ":starts": start.starts,
        ":next": start.readVersion + 1,
        ":entity": "Throttle",
        ...(start.readVersion === 0 ? {} : { ":read": start.readVersion }),
      },
    },
  };
}
