import type { RunRecord } from "../../../domain/run-record";
import { getItem } from "../table/consistent-get";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { fromRunItem } from "./run-items";

/**
 * One run, read strongly (RunStore.get). Apart from run-store.ts, which carries every run operation, so that
 * the webhook function, which only reads runs, loads none of the others.
 */
export async function getRun(
  table: Table,
  workspaceId: string,
  runId: string,
): Promise<RunRecord | undefined> {
  const item = await getItem(table, keys.run(workspaceId, runId));
  return item ? fromRunItem(item) : undefined;
}
