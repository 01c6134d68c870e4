import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { PageBody, RunBody } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { createDefinition, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Status lists of ended runs (COMPLETED, FAILED, CANCELLED, SUPERSEDED), which the store counts as runs end
 * (docs/lists.md, "Runs by status"), end to end over HTTP on DynamoDB Local: newest first whatever order
 * the runs ended in, `total` exact through retries and supersession, and in a workspace older than that
 * counting, its older runs listed with the counted ones.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
});

const FAILS_OR_WAITS = [
  { type: "condition", name: "check", expression: "input.fail", trueStep: "boom", falseStep: "hold" },
  {
    type: "task",
    name: "boom",
    handler: "fail",
    config: { error: "kaput" },
    retry: { maxAttempts: 1, backoffMs: 1000, backoffMultiplier: 1, maxBackoffMs: 1000 },
  },
  { type: "external_event", name: "hold", signalType: "go" },
];

function expectListed(page: PageBody<RunBody>, runs: RunBody[], total = runs.length): void {
  expect(page.data.map((run) => run.id)).toEqual(runs.map((run) => run.id));
  expect(page.meta.total).toBe(total);
}

async function send(ws: SignedUp, method: string, path: string, body?: unknown): Promise<unknown> {
  return expectData(await t.request(method, path, { body, headers: withKey(ws.apiKey) }), 200);
}

/** Creates `count` runs of the definition with `input`, each waiting once it has one. */
async function started(ws: SignedUp, definitionId: string, count: number, input = {}): Promise<RunBody[]> {
  const runs = [];
  for (let i = 0; i < count; i++) runs.push(await startRun(t.request, ws.apiKey, { definitionId, input }));
  return runs;
}

async function completeInTurn(ws: SignedUp, runs: RunBody[]): Promise<void> {
  for (const run of runs) {
    await waitForRun(t.request, ws.apiKey, run.id, withStatus("WAITING"));
    await send(ws, "POST", `/v1/workflow-runs/${run.id}/resume`, { signalType: "go", payload: {} });
    await waitForRun(t.request, ws.apiKey, run.id, withStatus("COMPLETED"));
  }
}

describe("runs listed by the status they ended in", () => {
  it("lists each newest first whatever order its runs ended in, page by page, alone and with a definition", async () => {
    const ws = await signUp(t);
    const definition = await createDefinition(t.request, ws.apiKey, FAILS_OR_WAITS, "waits");
    const [w1, w2, w3, w4] = await started(ws, definition.id, 4);
    if (!w1 || !w2 || !w3 || !w4) throw new Error("runs not created");
    await completeInTurn(ws, [w2, w3, w1]);
    await send(ws, "POST", `/v1/workflow-runs/${w4.id}/cancel`);

    expectListed(await listRuns(t.request, ws.apiKey, { status: "COMPLETED" }), [w3, w2, w1]);
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "COMPLETED", pageSize: 2, page: 2 }),
      [w1],
      3,
    );
    expectListed(await listRuns(t.request, ws.apiKey, { status: "COMPLETED", pageSize: 2, page: 3 }), [], 3);
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "COMPLETED", definitionId: definition.id, pageSize: 2 }),
      [w3, w2],
      3,
    );
    expectListed(await listRuns(t.request, ws.apiKey, { status: "CANCELLED" }), [w4]);
  });

  it("counts a retried run once in FAILED when it fails again", async () => {
    const ws = await signUp(t);
    const definition = await createDefinition(t.request, ws.apiKey, FAILS_OR_WAITS, "fails");
    const [f1, f2] = await started(ws, definition.id, 2, { fail: true });
    if (!f1 || !f2) throw new Error("runs not created");
    for (const run of [f1, f2]) await waitForRun(t.request, ws.apiKey, run.id, withStatus("FAILED"));

    await send(ws, "POST", `/v1/workflow-runs/${f1.id}/retry`);
    await t.idle();
    await waitForRun(t.request, ws.apiKey, f1.id, withStatus("FAILED"));

    expectListed(await listRuns(t.request, ws.apiKey, { status: "FAILED" }), [f2, f1]);
    expectListed(await listRuns(t.request, ws.apiKey, { status: "FAILED", page: 2, pageSize: 1 }), [f1], 2);
  });

  it("lists the runs a creation superseded under SUPERSEDED", async () => {
    const ws = await signUp(t);
    const definition = await createDefinition(t.request, ws.apiKey, FAILS_OR_WAITS, "superseded");
    const create = (supersedeExisting: boolean) =>
      startRun(t.request, ws.apiKey, {
        definitionId: definition.id,
        supersessionKey: "doc-1",
        supersedeExisting,
      });
    const first = await create(false);
    await waitForRun(t.request, ws.apiKey, first.id, withStatus("WAITING"));
    const second = await create(true);
    await waitForRun(t.request, ws.apiKey, second.id, withStatus("WAITING"));
    await create(true);
    await t.idle();

    expectListed(await listRuns(t.request, ws.apiKey, { status: "SUPERSEDED" }), [second, first]);
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "SUPERSEDED", page: 2, pageSize: 1 }),
      [first],
      2,
    );
    const ofKey = { supersessionKey: "doc-1", status: "SUPERSEDED" };
    expectListed(await listRuns(t.request, ws.apiKey, { ...ofKey, page: 2, pageSize: 1 }), [first], 2);
    expectListed(await listRuns(t.request, ws.apiKey, { ...ofKey, supersessionKey: "doc-2" }), []);
  });

  it("lists a supersession key's runs of an ended status newest first, a retried run counted once", async () => {
    const ws = await signUp(t);
    const definition = await createDefinition(t.request, ws.apiKey, FAILS_OR_WAITS, "keyed");
    const run = (supersessionKey: string, input = {}) =>
      startRun(t.request, ws.apiKey, { definitionId: definition.id, supersessionKey, input });
    const [a1, b1, a2, a3] = [await run("a"), await run("b"), await run("a"), await run("a")];
    const [f1, f2] = [await run("a", { fail: true }), await run("b", { fail: true })];
    if (!a1 || !b1 || !a2 || !a3 || !f1 || !f2) throw new Error("runs not created");
    await completeInTurn(ws, [a3, b1, a1, a2]);
    for (const failing of [f1, f2]) await waitForRun(t.request, ws.apiKey, failing.id, withStatus("FAILED"));
    await send(ws, "POST", `/v1/workflow-runs/${f1.id}/retry`);
    await t.idle();
    await waitForRun(t.request, ws.apiKey, f1.id, withStatus("FAILED"));

    const completedOfA = { supersessionKey: "a", status: "COMPLETED" };
    expectListed(await listRuns(t.request, ws.apiKey, completedOfA), [a3, a2, a1]);
    expectListed(await listRuns(t.request, ws.apiKey, { ...completedOfA, pageSize: 2, page: 2 }), [a1], 3);
    expectListed(await listRuns(t.request, ws.apiKey, { supersessionKey: "b", status: "COMPLETED" }), [b1]);
    expectListed(await listRuns(t.request, ws.apiKey, { supersessionKey: "a", status: "FAILED" }), [f1]);
  });
});

describe("a workspace older than the counting of ended runs", () => {
  const documents = () =>
    createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }));
  /** The workspace's run counter without the counting starts named (a DynamoDB `REMOVE` list). */
  const asBefore = (ws: SignedUp, starts: string) =>
    documents().send(
      new UpdateCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: keys.runCounter(ws.workspaceId, "RUNS"),
        UpdateExpression: `REMOVE ${starts}`,
      }),
    );

  it("counts the runs created after its first end, and lists its older runs with them", async () => {
    const ws = await signUp(t);
    const definition = await createDefinition(t.request, ws.apiKey, FAILS_OR_WAITS, "old-and-new");
    const [o1, o2] = await started(ws, definition.id, 2);
    // As its run counter was before: nothing says where counting starts.
    await asBefore(ws, "endedFrom, definitionsEndedFrom");
    if (!o1 || !o2) throw new Error("runs not created");
    await completeInTurn(ws, [o1]);
    const [n1, n2] = await started(ws, definition.id, 2);
    if (!n1 || !n2) throw new Error("runs not created");
    await completeInTurn(ws, [n2, o2, n1]);

    expectListed(await listRuns(t.request, ws.apiKey, { status: "COMPLETED" }), [n2, n1, o2, o1]);
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "COMPLETED", pageSize: 3, page: 1 }),
      [n2, n1, o2],
      4,
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "COMPLETED", pageSize: 3, page: 2 }),
      [o1],
      4,
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "COMPLETED", pageSize: 1, page: 2 }),
      [n1],
      4,
    );
  });

  it("lists a definition's ended runs from before it counted them by definition with the counted ones", async () => {
    const ws = await signUp(t);
    const definition = await createDefinition(t.request, ws.apiKey, FAILS_OR_WAITS, "counted-later");
    const other = await createDefinition(t.request, ws.apiKey, FAILS_OR_WAITS, "other");
    const [o1, o2] = await started(ws, definition.id, 2);
    // As its run counter was before ended runs were counted by definition: their ends counted for the
    // workspace's status lists only.
    await asBefore(ws, "definitionsEndedFrom");
    if (!o1 || !o2) throw new Error("runs not created");
    await completeInTurn(ws, [o1]);
    const [n1, n2] = await started(ws, definition.id, 2);
    const [x] = await started(ws, other.id, 1);
    if (!n1 || !n2 || !x) throw new Error("runs not created");
    await completeInTurn(ws, [n2, o2, x, n1]);

    const ofDefinition = { status: "COMPLETED", definitionId: definition.id };
    expectListed(await listRuns(t.request, ws.apiKey, ofDefinition), [n2, n1, o2, o1]);
    expectListed(await listRuns(t.request, ws.apiKey, { ...ofDefinition, pageSize: 3 }), [n2, n1, o2], 4);
    expectListed(await listRuns(t.request, ws.apiKey, { ...ofDefinition, pageSize: 3, page: 2 }), [o1], 4);
    expectListed(await listRuns(t.request, ws.apiKey, { ...ofDefinition, pageSize: 1, page: 2 }), [n1], 4);
    expectListed(await listRuns(t.request, ws.apiKey, { status: "COMPLETED", definitionId: other.id }), [x]);
    expectListed(await listRuns(t.request, ws.apiKey, { status: "COMPLETED" }), [x, n2, n1, o2, o1]);
  });

  it("lists a supersession key's ended runs from before it counted them by key with the counted ones", async () => {
    const ws = await signUp(t);
    const definition = await createDefinition(t.request, ws.apiKey, FAILS_OR_WAITS, "keyed-later");
    const keyed = async (count: number, supersessionKey = "k") => {
      const runs = [];
      for (let i = 0; i < count; i++) {
        runs.push(await startRun(t.request, ws.apiKey, { definitionId: definition.id, supersessionKey }));
      }
      return runs;
    };
    const [o1, o2] = await keyed(2);
    await asBefore(ws, "keysEndedFrom");
    if (!o1 || !o2) throw new Error("runs not created");
    await completeInTurn(ws, [o1]);
    const [n1, n2] = await keyed(2);
    const [x] = await keyed(1, "other");
    if (!n1 || !n2 || !x) throw new Error("runs not created");
    await completeInTurn(ws, [n2, o2, x, n1]);

    const ofKey = { status: "COMPLETED", supersessionKey: "k" };
    expectListed(await listRuns(t.request, ws.apiKey, ofKey), [n2, n1, o2, o1]);
    expectListed(await listRuns(t.request, ws.apiKey, { ...ofKey, pageSize: 3 }), [n2, n1, o2], 4);
    expectListed(await listRuns(t.request, ws.apiKey, { ...ofKey, pageSize: 3, page: 2 }), [o1], 4);
    expectListed(await listRuns(t.request, ws.apiKey, { ...ofKey, pageSize: 1, page: 2 }), [n1], 4);
    expectListed(await listRuns(t.request, ws.apiKey, { ...ofKey, supersessionKey: "other" }), [x]);
  });
});
