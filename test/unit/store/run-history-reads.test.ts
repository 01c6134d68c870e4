import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createRunStore } from "../../../core/adapters/dynamodb/runs/run-store";
import { ensureTable } from "../../../core/adapters/dynamodb/table/create-table";
import {
  createDocumentClient,
  createDynamoClient,
  type Table,
} from "../../../core/adapters/dynamodb/table/dynamo-client";
import type { RunRecord } from "../../../core/domain/run-record";
import type { RunStore } from "../../../core/ports/store";
import {
  commitOf,
  completeAndStart,
  completeRun,
  fixedIds,
  newRun,
  start,
  transition,
} from "../../contract/run-fixtures";
import { countedTable } from "../../helpers/counted-table";

/**
 * Issue 40: a GET of a run whose history the run item holds whole answers from that one read, with no query
 * of its journal items; a run whose history went to journal items still reads them (DynamoDB Local).
 */
describe("a run's history read from its item alone when the item holds it all", () => {
  let table: Table;
  const ids = fixedIds();
  const ws = `wsp_${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
    const name = `test-${randomBytes(6).toString("hex")}`;
    await ensureTable(dynamo, name);
    table = { client: createDocumentClient(dynamo), name };
  });

  /** A run started with step a, then (in a second commit, announced or not) step b after it, then completed. */
  async function ranThrough(store: RunStore, announced: boolean): Promise<RunRecord> {
    const outcome = await store.create({ run: newRun(ids, ws), supersede: async () => [] });
    if (outcome.kind !== "created") throw new Error(outcome.kind);
    let run = outcome.run;
    for (const move of [start, (tx: Parameters<typeof start>[0]) => completeAndStart(tx, "b"), completeRun]) {
      const tx = transition(run, ids);
      move(tx);
      const change = commitOf(tx);
      if (announced && move !== start) change.commit.announced = true;
      expect(await store.commit(change)).toEqual({ kind: "committed" });
      run = change.commit.run;
    }
    const read = await store.get(ws, run.id);
    if (!read) throw new Error("run not found");
    return read;
  }

  it("answers its step runs and events with no request when its item holds its whole history", async () => {
    const counted = countedTable(table);
    const store = createRunStore(counted.table);
    const run = await ranThrough(createRunStore(table), false);
    expect(run.recent?.events[0]?.seq).toBe(1);

    const stepRuns = await store.stepRuns(run);
    const events = await store.events(run, 1, run.eventSeq);

    expect(stepRuns.map((stepRun) => [stepRun.stepName, stepRun.status])).toEqual([
      ["a", "COMPLETED"],
      ["b", "COMPLETED"],
    ]);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(counted.sent).toEqual([]);
  });

  it("reads its journal items when its history went there", async () => {
    const counted = countedTable(table);
    const store = createRunStore(counted.table);
    const run = await ranThrough(createRunStore(table), true);
    expect(run.recent).toBeUndefined();

    const stepRuns = await store.stepRuns(run);
    const events = await store.events(run, 1, run.eventSeq);

    expect(stepRuns.map((stepRun) => [stepRun.stepName, stepRun.status])).toEqual([
      ["a", "COMPLETED"],
      ["b", "COMPLETED"],
    ]);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(counted.sent).toContain("QueryCommand");
  });
});
