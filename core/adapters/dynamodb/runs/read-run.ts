import type { RunRecord } from "../../../domain/run-record";
import { getItem } from "../table/consistent-get";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { batchGetAll } from "../table/query";
import { fromRunItem } from "./run-items";

/**
 * Runs read by id, strongly: one (RunStore.get), and several (what an approval store reads to tell whether a
 * request's run waits for it). Apart from run-store.ts, which carries every run operation, so that the run-event
 * function, which only reads runs, loads none of the others.
 */
export async function getRun(
  table: Table,
  workspaceId: string,
  runId: string,
): Promise<RunRecord | undefined> {
  const item = await getItem(table, keys.run(workspaceId, runId));
  return item ? fromRunItem(item) : undefined;
}

/** The runs of these ids, in BatchGetItems of up to 100 keys; those not found left out. */
export async function readRuns(table: Table, workspaceId: string, runIds: string[]): Promise<RunRecord[]> {
  const items = await batchGetAll(
    table,
    runIds.map((runId) => keys.run(workspaceId, runId)),
  );
  return items.map(fromRunItem);
}
