import type { DayModelTotals } from "../../../domain/cost-record";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";

type Item = Record<string, unknown>;

/**
 * Steps one definition's day item holds at most (its `steps` set). Its `ADD` names five attributes per step and
 * its condition one `contains` per step, so a rollup's update of up to this many steps stays under DynamoDB's
 * 4 KB per expression; and with step names of at most 100 characters the item stays far under 400 KB (about
 * 160 KB with names of 100 four-byte characters). A step past it is rolled up into an item of its own.
 */
export const STEPS_PER_DAY_ITEM = 64;

/** The per-step attributes of a definition's day item, `<letter>#<step name>` (no fixed attribute has a `#`). */
const STEP_FIELDS = {
  c: "costUsd",
  i: "inputTokens",
  o: "outputTokens",
  n: "calls",
  w: "wastedCostUsd",
} as const satisfies Record<string, keyof DayModelTotals>;

const PER_DEFINITION = "CostDayDefinitionRollup";
const PER_STEP = "CostDayRollup";

/** The `ADD`s of a rollup's rows, and which of them are definitions' items whose condition may refuse them. */
export interface DayRollupActions {
  actions: TransactItem[];
  /** Offsets in `actions` of the definitions' items, with the item each writes (for `full`). */
  definitionItems: { offset: number; item: string }[];
}

/**
 * A rollup's rows as `ADD`s to the workspace's day items (docs/data-model.md, "Rollups, and why"): one item per
 * day, model and definition holding its steps as attributes, so a run's rollup writes one item where it wrote one
 * per step. The item is conditional on having room for the rows' steps (it holds at most STEPS_PER_DAY_ITEM, or
 * already holds every one of them); the rows of an item known to be full, and rows without a definition or step
 * (calls recorded before records named them), go to an item per day, model, definition and step, the layout
 * every day item had before, which the reads fold in as well. `full` holds the definitions' items known to be
 * full (full-day-memory.ts).
 */
export function dayRollupActions(
  tableName: string,
  workspaceId: string,
  rows: readonly DayModelTotals[],
  full: ReadonlySet<string>,
): DayRollupActions {
  const groups = new Map<
    string,
    { key: ReturnType<typeof keys.costDayDefinitionRollup>; rows: DayModelTotals[] }
  >();
  const perStep: DayModelTotals[] = [];
  for (const row of rows) {
    const { day, model, definitionId, stepName } = row;
    if (definitionId === undefined || !stepName) {
      perStep.push(row);
      continue;
    }
    const key = keys.costDayDefinitionRollup(workspaceId, day, model, definitionId);
    const id = itemId(key);
    const group = groups.get(id) ?? { key, rows: [] };
    if (full.has(id) || group.rows.length >= STEPS_PER_DAY_ITEM) perStep.push(row);
    else {
      group.rows.push(row);
      groups.set(id, group);
    }
  }
  const result: DayRollupActions = { actions: [], definitionItems: [] };
  for (const [id, group] of groups) {
    result.definitionItems.push({ offset: result.actions.length, item: id });
    result.actions.push(definitionAdd(tableName, group.key, group.rows));
  }
  for (const row of perStep) result.actions.push(stepAdd(tableName, workspaceId, row));
  return result;
}

function itemId(key: { pk: string; sk: string }): string {
  return `${key.pk}\n${key.sk}`;
}

/** One definition's rows of a day and model as one `ADD` to its item, conditional on its room for them. */
function definitionAdd(tableName: string, key: object, rows: readonly DayModelTotals[]): TransactItem {
  const [first] = rows;
  if (!first) throw new Error("a definition's day item is written with at least one step");
  const names: Record<string, string> = {
    "#entity": "entity",
    "#model": "model",
    "#day": "day",
    "#definitionId": "definitionId",
    "#steps": "steps",
  };
  const values: Record<string, unknown> = {
    ":entity": PER_DEFINITION,
    ":model": first.model,
    ":day": first.day,
    ":definitionId": first.definitionId,
    ":steps": new Set(rows.map((row) => row.stepName)),
    ":room": STEPS_PER_DAY_ITEM - rows.length,
  };
  const adds = ["#steps :steps"];
  const held: string[] = [];
  for (const [index, row] of rows.entries()) {
    for (const [letter, field] of Object.entries(STEP_FIELDS)) {
      const amount = Number(row[field] ?? 0);
      // Absent reads as 0: an unwasted step's item carries no wasted attribute.
      if (field === "wastedCostUsd" && amount === 0) continue;
      names[`#${letter}${index}`] = `${letter}#${row.stepName}`;
      values[`:${letter}${index}`] = amount;
      adds.push(`#${letter}${index} :${letter}${index}`);
    }
    values[`:s${index}`] = row.stepName;
    held.push(`contains(#steps, :s${index})`);
  }
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: `SET #entity = :entity, #model = :model, #day = :day, #definitionId = :definitionId ADD ${adds.join(", ")}`,
      ConditionExpression: `attribute_not_exists(#steps) OR size(#steps) <= :room OR (${held.join(" AND ")})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** One row as an `ADD` to its own item per day, model, definition and step (and to the legacy per-model one). */
function stepAdd(tableName: string, workspaceId: string, row: DayModelTotals): TransactItem {
  const { day, definitionId, stepName, model } = row;
  const set: Record<string, string> = {
    entity: PER_STEP,
    model,
    day,
    ...(definitionId === undefined ? {} : { definitionId }),
    ...(stepName === undefined ? {} : { stepName }),
  };
  const fields = Object.keys(set);
  return {
    Update: {
      TableName: tableName,
      Key: keys.costDayRollup(workspaceId, day, model, definitionId, stepName),
      UpdateExpression: `SET ${fields.map((name) => `#${name} = :${name}`).join(", ")} ADD costUsd :cost, inputTokens :in, outputTokens :out, calls :calls, wastedCostUsd :wasted`,
      ExpressionAttributeNames: Object.fromEntries(fields.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(fields.map((name) => [`:${name}`, set[name]])),
        ":cost": row.costUsd,
        ":in": row.inputTokens,
        ":out": row.outputTokens,
        ":calls": row.calls,
        ":wasted": row.wastedCostUsd ?? 0,
      },
    },
  };
}

/**
 * The rows a day item holds, whichever layout wrote it: a definition's item one per step, a step's item one;
 * anything else under `DAY#` (run-day markers from before they moved to `RUNDAY#`) none.
 */
export function dayItemRows(item: Item): DayModelTotals[] {
  const day = String(item.sk).slice("DAY#".length, "DAY#".length + 10);
  if (item.entity === PER_STEP) {
    return [
      {
        day,
        model: String(item.model),
        costUsd: Number(item.costUsd ?? 0),
        inputTokens: Number(item.inputTokens ?? 0),
        outputTokens: Number(item.outputTokens ?? 0),
        calls: Number(item.calls ?? 0),
        wastedCostUsd: Number(item.wastedCostUsd ?? 0),
        ...(item.definitionId === undefined ? {} : { definitionId: String(item.definitionId) }),
        ...(item.stepName === undefined ? {} : { stepName: String(item.stepName) }),
      },
    ];
  }
  if (item.entity !== PER_DEFINITION) return [];
  return [...((item.steps as Set<string> | undefined) ?? [])].sort().map((stepName) => ({
    day,
    model: String(item.model),
    costUsd: Number(item[`c#${stepName}`] ?? 0),
    inputTokens: Number(item[`i#${stepName}`] ?? 0),
    outputTokens: Number(item[`o#${stepName}`] ?? 0),
    calls: Number(item[`n#${stepName}`] ?? 0),
    wastedCostUsd: Number(item[`w#${stepName}`] ?? 0),
    definitionId: String(item.definitionId),
    stepName,
  }));
}
