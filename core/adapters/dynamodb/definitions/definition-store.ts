import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { RecentlyUsed } from "../../../domain/recently-used";
import type { StepDefinition } from "../../../domain/step";
import {
  type StoredWorkflowDefinition,
  WorkflowDefinition,
  type WorkflowDefinitionSummary,
} from "../../../domain/workflow-definition-record";
import type { DefinitionStore } from "../../../ports/store";
import { getItem } from "../table/consistent-get";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { queryAll, queryByPrefix } from "../table/query";

/** The definitions an instance keeps, in bytes of their items' steps: a few hundred typical ones. */
export const DEFINITION_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * Definitions are immutable: written once with a condition that the id is new, never updated, never deleted.
 * So an instance keeps the items it read (the most recently used, up to DEFINITION_CACHE_BYTES) and answers
 * them again without a read: what it keeps can never be stale. A definition not found is not kept, as it
 * may be created next. The steps are stored as one JSON string, which keeps DynamoDB's 32-level nesting
 * limit away from users' JSON Schemas.
 */
export function createDefinitionStore(table: Table): DefinitionStore {
  const read = new RecentlyUsed<string, Record<string, unknown>>(
    DEFINITION_CACHE_BYTES,
    (item) => String(item.stepsText).length + ITEM_OVERHEAD_BYTES,
  );
  return {
    async create(definition: StoredWorkflowDefinition): Promise<void> {
      const { stepsJson, ...rest } = definition;
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            ...keys.definition(definition.workspaceId, definition.id),
            entity: "WorkflowDefinition",
            ...rest,
            stepsText: JSON.stringify(stepsJson),
          },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    },

    async get(workspaceId: string, definitionId: string): Promise<StoredWorkflowDefinition | undefined> {
      const key = keys.definition(workspaceId, definitionId);
      const id = `${key.pk}|${key.sk}`;
      let item = read.get(id);
      if (!item) {
        item = await getItem(table, key);
        if (!item) return undefined;
        read.set(id, item);
      }
      // Parsed afresh for each caller, who may change what it gets.
      return fromItem(item);
    },

    /** All of a workspace's definitions, oldest first (ids are time-ordered). */
    async list(workspaceId: string): Promise<StoredWorkflowDefinition[]> {
      const items = await queryByPrefix(table, keys.workspacePartition(workspaceId), keys.definitionPrefix);
      return items.map(fromItem);
    },

    async latest(workspaceId, name, version) {
      const [newest] = await queryAll(
        table,
        {
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
          FilterExpression:
            version === undefined
              ? `${fieldName("name")} = :name`
              : `${fieldName("name")} = :name AND ${fieldName("version")} = :version`,
          ExpressionAttributeValues: {
            ":pk": keys.workspacePartition(workspaceId),
            ":prefix": keys.definitionPrefix,
            ":name": name,
            ...(version === undefined ? {} : { ":version": version }),
          },
          ...summaryProjection(),
          ConsistentRead: true,
          ScanIndexForward: false,
        },
        1,
      );
      return newest && summaryOf(newest);
    },

    async page(workspaceId, { after, limit }) {
      // One more than asked tells whether another page follows.
      const found = (
        await queryAll(
          table,
          {
            KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
            ExpressionAttributeValues: {
              ":pk": keys.workspacePartition(workspaceId),
              ":prefix": keys.definitionPrefix,
            },
            ...summaryProjection(),
            ConsistentRead: true,
            ...(after === undefined ? {} : { ExclusiveStartKey: { ...keys.definition(workspaceId, after) } }),
            Limit: limit + 1,
          },
          limit + 1,
        )
      ).map(summaryOf);
      const definitions = found.slice(0, limit);
      const last = definitions.at(-1);
      return found.length > limit && last ? { definitions, next: last.id } : { definitions };
    },
  };
}

const SUMMARY_FIELDS = Object.keys(WorkflowDefinition.shape).filter((field) => field !== "stepsJson");

/** The steps stay in the table: billed all the same, but not carried nor parsed. */
function summaryProjection() {
  return {
    ProjectionExpression: SUMMARY_FIELDS.map((_, i) => `#f${i}`).join(", "),
    ExpressionAttributeNames: Object.fromEntries(SUMMARY_FIELDS.map((field, i) => [`#f${i}`, field])),
  };
}

/** A summary field's name in summaryProjection's expressions, for a filter on it. */
const fieldName = (field: string) => `#f${SUMMARY_FIELDS.indexOf(field)}`;

function summaryOf(item: Record<string, unknown>): WorkflowDefinitionSummary {
  const { stepsJson: _, ...summary } = WorkflowDefinition.parse({ ...item, stepsJson: [] });
  return summary;
}

/** An allowance for the rest of the item: its name, version, description and settings. */
const ITEM_OVERHEAD_BYTES = 2048;

function fromItem(item: Record<string, unknown>): StoredWorkflowDefinition {
  return { ...summaryOf(item), stepsJson: JSON.parse(String(item.stepsText)) as StepDefinition[] };
}
