import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { StepDefinition } from "../../domain/step";
import { type StoredWorkflowDefinition, WorkflowDefinition } from "../../domain/workflow-definition-record";
import type { DefinitionStore } from "../../ports/store";
import { getItem } from "./consistent-get";
import type { Table } from "./dynamo-client";
import { keys } from "./keys";
import { queryByPrefix } from "./query";

/**
 * Definitions are immutable: written once with a condition that the id is new, never updated. The steps are
 * stored as one JSON string, which keeps DynamoDB's 32-level nesting limit away from users' JSON Schemas.
 */
export function createDefinitionStore(table: Table): DefinitionStore {
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
      const item = await getItem(table, keys.definition(workspaceId, definitionId));
      return item ? fromItem(item) : undefined;
    },

    /** All of a workspace's definitions, oldest first (ids are time-ordered). */
    async list(workspaceId: string): Promise<StoredWorkflowDefinition[]> {
      const items = await queryByPrefix(table, keys.workspacePartition(workspaceId), keys.definitionPrefix);
      return items.map(fromItem);
    },
  };
}

function fromItem(item: Record<string, unknown>): StoredWorkflowDefinition {
  const { stepsJson: _, ...definition } = WorkflowDefinition.parse({ ...item, stepsJson: [] });
  return { ...definition, stepsJson: JSON.parse(String(item.stepsText)) as StepDefinition[] };
}
