import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { RunRecord } from "../../domain/run-record";
import type { CreateOutcome, RunCreation } from "../../ports/store";
import { changeItems } from "./change-items";
import type { Table } from "./dynamo-client";
import { keys } from "./keys";
import { runItem } from "./run-items";
import type { TransactItem } from "./transact";
import { transactWrite, WriteConflict } from "./write-conflict";

/**
 * Creating a run numbers it among the workspace's runs and its definition's runs. The numbers must be dense
 * (page N of a list is a range of them), so each counter moves by a conditional write from the value read to
 * that value + 1 in the same transaction as the run: a concurrent creation makes one of the two retry.
 */
export interface RunCounters {
  runs: number;
  definitionRuns: number;
}

export const runsCounterScope = "RUNS";
export const definitionCounterScope = (definitionId: string) => `DEF#${definitionId}`;

export type RunCreationStore = ReturnType<typeof createRunCreationStore>;

export function createRunCreationStore(table: Table) {
  async function counter(workspaceId: string, scope: string): Promise<number> {
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.runCounter(workspaceId, scope),
        ConsistentRead: true,
      }),
    );
    return Number(Item?.count ?? 0);
  }

  function counterAction(workspaceId: string, scope: string, current: number): TransactItem {
    return {
      Update: {
        TableName: table.name,
        Key: keys.runCounter(workspaceId, scope),
        UpdateExpression: "SET #count = :next, entity = :entity",
        ConditionExpression: current === 0 ? "attribute_not_exists(#count)" : "#count = :current",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: {
          ":next": current + 1,
          ":entity": "RunCounter",
          ...(current === 0 ? {} : { ":current": current }),
        },
      },
    };
  }

  const store = {
    counter,

    async counters(workspaceId: string, definitionId: string): Promise<RunCounters> {
      const [runs, definitionRuns] = await Promise.all([
        counter(workspaceId, runsCounterScope),
        counter(workspaceId, definitionCounterScope(definitionId)),
      ]);
      return { runs, definitionRuns };
    },

    /** The new run, its counters moved on by one, and the claim of its idempotency key when it has one. */
    createActions(run: RunRecord, counters: RunCounters): TransactItem[] {
      const actions: TransactItem[] = [
        {
          Put: { TableName: table.name, Item: runItem(run), ConditionExpression: "attribute_not_exists(pk)" },
        },
        counterAction(run.workspaceId, runsCounterScope, counters.runs),
        counterAction(run.workspaceId, definitionCounterScope(run.definitionId), counters.definitionRuns),
      ];
      if (run.idempotencyKey !== null) {
        actions.push({
          Put: {
            TableName: table.name,
            Item: {
              ...keys.idempotency(run.workspaceId, run.idempotencyKey),
              entity: "RunIdempotencyKey",
              runId: run.id,
            },
            ConditionExpression: "attribute_not_exists(pk)",
          },
        });
      }
      return actions;
    },

    async create({ run: fields, supersede }: RunCreation): Promise<CreateOutcome> {
      const numbers = await store.counters(fields.workspaceId, fields.definitionId);
      const run: RunRecord = { ...fields, seq: numbers.runs + 1, defSeq: numbers.definitionRuns + 1 };
      const creation = store.createActions(run, numbers);
      // Read after the counters: a creation committed since then moved them, and this one conflicts.
      const superseding = await supersede();
      try {
        await transactWrite(table, [
          ...creation,
          ...superseding.flatMap((change) => changeItems(table, change)),
        ]);
        return { kind: "created", run };
      } catch (error) {
        if (!(error instanceof WriteConflict)) throw error;
        if (run.idempotencyKey !== null && error.lostAt(creation.length - 1)) {
          const runId = await store.runIdForIdempotencyKey(run.workspaceId, run.idempotencyKey);
          if (runId) return { kind: "idempotent", runId };
        }
        return { kind: "conflict" };
      }
    },

    async runIdForIdempotencyKey(workspaceId: string, idempotencyKey: string): Promise<string | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.idempotency(workspaceId, idempotencyKey),
          ConsistentRead: true,
        }),
      );
      return typeof Item?.runId === "string" ? Item.runId : undefined;
    },
  };
  return store;
}
