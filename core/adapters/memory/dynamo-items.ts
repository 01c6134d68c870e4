import type { AttemptCost } from "../../domain/cost-record";
import type { RunRecord } from "../../domain/run-record";
import type { DebounceWindowRef, RunChange, RunCreation } from "../../ports/store";
import { costItem, fromCostItem } from "../dynamodb/costs/cost-items";
import { changeItems, changeWrites } from "../dynamodb/runs/change-items";
import {
  createActions,
  refuseOversizedCreation,
  type SupersessionHead,
} from "../dynamodb/runs/creation-items";
import { fromJournalItem, fromRunItem, runItem } from "../dynamodb/runs/run-items";
import { refuseOversizedPuts } from "../dynamodb/table/item-size";
import type { TransactItem } from "../dynamodb/table/transact";
import type { Journal } from "./state";

/**
 * The items the DynamoDB adapter would write, built by its own pure builders: the memory store refuses the
 * changes DynamoDB would refuse for their size, and keeps each record as DynamoDB would hand it back (free-form
 * JSON through JSON), so the two cannot drift apart on either.
 */

// The builders name the table in each action; these actions are measured and read, never sent.
const TABLE_NAME = "weft-memory";

/** A run change's writes, as run-store.ts builds them: the atomic ones, and those written before. */
export const changeWriteActions = (change: RunChange) => changeWrites(TABLE_NAME, change);

/** A run change's writes as actions of one transaction, as a creation commits a superseded run's change. */
export const changeActions = (change: RunChange): TransactItem[] => changeItems(TABLE_NAME, [change]);

/** The actions of changes committed together, as a creation commits the runs it supersedes. */
export const changesActions = (changes: readonly RunChange[]): TransactItem[] =>
  changeItems(TABLE_NAME, changes);

/** Throws as the adapter does for a run too large to store, before it takes numbers. */
export function refuseOversizedRun(run: RunCreation["run"]): void {
  refuseOversizedCreation(TABLE_NAME, run);
}

/** A creation's own actions: the run, its supersession key's head and debounce window moved, its idempotency key claimed. */
export function creationActions(
  run: RunRecord,
  head: SupersessionHead | undefined,
  debounceFollows: DebounceWindowRef | undefined,
): TransactItem[] {
  return createActions(TABLE_NAME, run, head, debounceFollows);
}

/**
 * Throws what DynamoDB (or the adapter before sending) throws for a transaction no retry can store: an item
 * over the bound, or two actions on one item.
 */
export function refuseUnwritable(actions: readonly TransactItem[]): void {
  refuseOversizedPuts(actions);
  const touched = actions.map((action) => {
    const key = action.Put?.Item ?? action.Update?.Key ?? action.Delete?.Key ?? action.ConditionCheck?.Key;
    return JSON.stringify([key?.pk, key?.sk]);
  });
  if (new Set(touched).size < touched.length) {
    throw new Error("Transaction request cannot include multiple operations on one item");
  }
}

export function storedRun(run: RunRecord): { record: RunRecord; sweepKey: string | undefined } {
  const item = runItem(run);
  return { record: fromRunItem(item), sweepKey: item.gsi5sk as string | undefined };
}

/** The journal items among a change's actions. */
export function storedJournals(actions: readonly TransactItem[]): Journal[] {
  return actions.flatMap((action) => {
    const item = action.Put?.Item;
    if (item?.entity !== "RunJournal") return [];
    return [{ ...fromJournalItem(item), firstSeq: Number(item.firstSeq), lastSeq: Number(item.lastSeq) }];
  });
}

/** The cost records among a change's actions. */
export function storedCosts(actions: readonly TransactItem[]): AttemptCost[] {
  return actions.flatMap((action) => {
    const item = action.Put?.Item;
    return item?.entity === "CostRecord" ? [fromCostItem(item)] : [];
  });
}

export function storedCost(
  cost: AttemptCost,
  options: { pending: boolean },
): { cost: AttemptCost; firstCallAt: string } {
  const item = costItem(cost, options);
  return { cost: fromCostItem(item), firstCallAt: String(item.firstCallAt) };
}
