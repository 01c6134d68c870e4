import { randomBytes } from "node:crypto";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { expect, inject, it } from "vitest";
import { createStore } from "../../core/adapters/dynamodb/store";
import { decompressJson } from "../../core/adapters/dynamodb/table/compressed-json";
import { ensureTable } from "../../core/adapters/dynamodb/table/create-table";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { toWorkflowRun } from "../../core/domain/run-view";
import { RunStatus } from "../../core/domain/statuses";
import { commitOf, completeAndStart, completeRun, fixedIds, MINUTE, T0, transition } from "./run-fixtures";

/**
 * The items the code before issue 33 wrote for a run created and started as run-fixtures.ts does it (`newRun`,
 * then `start`), scanned from the table as they were. The run item's body is the compressed JSON document as
 * stored; it still holds `"currentStepName":null`, a field the API derives and records no longer keep.
 */
const ITEMS_BEFORE_ISSUE_33 = [
  { pk: "WS#wsp_before33", sk: "COUNTER#DEF#def_a", entity: "RunCounter", count: 1 },
  { pk: "WS#wsp_before33", sk: "COUNTER#RUNS", entity: "RunCounter", count: 1 },
  {
    pk: "WS#wsp_before33#RUN#run_000001",
    sk: "RUN",
    entity: "WorkflowRun",
    version: 2,
    body: "AaWWTQ4CIQyFT4R5ZXSi7ryDK5NZEHVpTPxZcnfT0Wg7QJEMYdUQaB+Pr2RhFCSNjs/743oZz9qdAmfUxidVYQcHcqA9sB3nAsAhL5zmT4FzWi+1PU22V/RKyooSYV4jjBKE0Rxo2TYDD9JmC/PNVpTGuCC57C+h63bl7/T55iix7XrTLVc9eq5eOvgdJ8/xmpkrdPsp+7kIiZTmjm0+koQtRcGm+XmDgt8CmlmYN5DBwlK+g+q5Q4wv",
    gsi1pk: "WS#wsp_before33#RUNS",
    gsi1sk: "000000000001",
    gsi2pk: "WS#wsp_before33#DEF#def_a#RUNS",
    gsi2sk: "000000000001",
    gsi5pk: "SWEEP#2",
    gsi5sk: "2030-01-01T00:05:00.000Z#run_000001",
    gsi6pk: "WS#wsp_before33#LIVE",
    gsi6sk: "000000000001",
    live: "RUNNING",
  },
];

const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });

it("reads a run item written by the code before issue 33 and advances it to its end", async () => {
  const name = `test-${randomBytes(6).toString("hex")}`;
  await ensureTable(dynamo, name);
  const client = createDocumentClient(dynamo);
  const store = createStore({ client, name });
  for (const { body, ...item } of ITEMS_BEFORE_ISSUE_33) {
    const Item = body === undefined ? item : { ...item, body: new Uint8Array(Buffer.from(body, "base64")) };
    await client.send(new PutCommand({ TableName: name, Item }));
  }
  const storedBody = async () => {
    const key = { pk: "WS#wsp_before33#RUN#run_000001", sk: "RUN" };
    const { Item } = await client.send(new GetCommand({ TableName: name, Key: key }));
    return decompressJson(Item?.body as Uint8Array) as Record<string, unknown>;
  };
  expect(await storedBody()).toMatchObject({ currentStepName: null });

  const run = await store.runs.get("wsp_before33", "run_000001");
  if (!run) throw new Error("the old run item was not read");
  expect(run).toMatchObject({ id: "run_000001", status: RunStatus.Running, version: 2, eventSeq: 2 });
  expect(run.active?.stepRun).toMatchObject({ id: "stp_000001", stepName: "a", status: "RUNNING" });
  expect(run).not.toHaveProperty("currentStepName");
  // The API's run derives it from the cursor, as it always answered for this run.
  expect(toWorkflowRun(run)).toMatchObject({ id: "run_000001", status: "RUNNING", currentStepName: "a" });

  // Ids after the ones the old code used (the run, its step run and two events).
  const ids = fixedIds();
  for (const kind of ["run", "stepRun", "event", "event"] as const) ids(kind);
  const next = transition(run, ids, T0 + 2 * MINUTE);
  completeAndStart(next, "b");
  expect(await store.runs.commit(commitOf(next))).toEqual({ kind: "committed" });
  expect(await storedBody()).not.toHaveProperty("currentStepName");

  const advanced = await store.runs.get("wsp_before33", "run_000001");
  if (!advanced) throw new Error("the advanced run was not read");
  expect(toWorkflowRun(advanced)).toMatchObject({ status: "RUNNING", currentStepName: "b" });
  const end = transition(advanced, ids, T0 + 3 * MINUTE);
  completeRun(end);
  expect(await store.runs.commit(commitOf(end))).toEqual({ kind: "committed" });

  const ended = await store.runs.get("wsp_before33", "run_000001");
  expect(ended).toMatchObject({ status: RunStatus.Completed, version: 4, eventSeq: 6 });
  const events = ended ? await store.runs.events(ended, 1, 10) : [];
  expect(events.map((event) => [event.seq, event.eventType])).toEqual([
    [1, "WORKFLOW_STARTED"],
    [2, "STEP_STARTED"],
    [3, "STEP_COMPLETED"],
    [4, "STEP_STARTED"],
    [5, "STEP_COMPLETED"],
    [6, "WORKFLOW_COMPLETED"],
  ]);
  expect(await store.runs.list("wsp_before33", { status: RunStatus.Completed }, 1, 5)).toMatchObject({
    items: [{ id: "run_000001" }],
    total: 1,
  });
});
