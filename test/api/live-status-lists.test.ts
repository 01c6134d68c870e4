import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/dynamo-client";
import { keys } from "../../core/adapters/dynamodb/keys";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { PageBody, RunBody } from "../helpers/api-types";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData } from "../helpers/requests";
import { createDefinition, httpStep, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Status lists of live runs (PENDING, RUNNING, PAUSED, WAITING), which the store keeps in one index partition
 * per workspace with the status beside the key (docs/data-model.md, "Runs by status"), end to end over HTTP on
 * DynamoDB Local: a run followed through every live status to its end, pages and totals of a live status among
 * runs of the others, combined filters, and run items written before that index, which still carry a live
 * status entry of their own until their next commit.
 */
let t: TestApp;
/** Requests the http target holds until the test answers them, by the path they asked for. */
const held: { path: string; answer: () => void }[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  target = await startLoopbackServer((request, _body, response) => {
    held.push({
      path: request.url ?? "",
      answer: () => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("{}");
      },
    });
  });
});
let target: string;

const idsOf = (runs: { id: string }[]) => runs.map((run) => run.id);

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Answers the held request for `path` once it has arrived. */
async function answer(path: string): Promise<void> {
  await until(() => held.some((request) => request.path === path), `the request to ${path}`);
  const index = held.findIndex((request) => request.path === path);
  held.splice(index, 1)[0]?.answer();
}

/** The page lists exactly the runs `ids`, in that order, and counts `total` in all. */
function expectListed(page: PageBody<RunBody>, ids: string[], total = ids.length): void {
  expect(idsOf(page.data)).toEqual(ids);
  expect(page.meta.total).toBe(total);
}

/** Every status list of the workspace, as the ids each one lists (each checked for its own status). */
async function statusLists(apiKey: string): Promise<Record<string, string[]>> {
  const lists: Record<string, string[]> = {};
  for (const status of ["PENDING", "RUNNING", "PAUSED", "WAITING", "COMPLETED", "CANCELLED", "FAILED"]) {
    const page = await listRuns(t.request, apiKey, { status, pageSize: 100 });
    expect(page.meta.total).toBe(page.data.length);
    expect(page.data.every((run) => run.status === status)).toBe(true);
    if (page.data.length > 0) lists[status] = idsOf(page.data);
  }
  return lists;
}

async function send(apiKey: string, method: string, path: string, body?: unknown): Promise<Response> {
  return t.request(method, path, { body, headers: withKey(apiKey) });
}

async function resume(apiKey: string, runId: string, signalType = "go"): Promise<void> {
  await expectData(await send(apiKey, "POST", `/v1/workflow-runs/${runId}/resume`, { signalType }), 200);
}

async function approve(apiKey: string, runId: string): Promise<void> {
  await t.idle();
  const pending = await expectData<{ id: string; workflowRunId: string }[]>(
    await send(apiKey, "GET", "/v1/approval-requests?pending=true"),
    200,
  );
  const request = pending.find((found) => found.workflowRunId === runId);
  if (!request) throw new Error(`no pending request of ${runId}`);
  await expectData(
    await send(apiKey, "POST", `/v1/approval-requests/${request.id}/decide`, { decision: "approved" }),
    200,
  );
}

describe("a run followed through every live status to its end", () => {
  it("is listed under PENDING, RUNNING, PAUSED and WAITING as it moves, then under COMPLETED, each list exact", async () => {
    const ws = await signUp(t);
    const steps = [
      httpStep(target, "work", "/work/{{input.n}}"),
      { type: "approval", name: "review", contentKey: "input" },
      { type: "external_event", name: "await-go", signalType: "go" },
    ];
    const { id: definitionId } = await expectData<{ id: string }>(
      await send(ws.apiKey, "POST", "/v1/workflow-definitions", {
        name: "one-at-a-time",
        version: "1",
        steps,
        concurrency: { limit: 1 },
      }),
      201,
    );
    // The blocker holds the one place while its http step is held, so the run waits PENDING behind it.
    const blocker = await startRun(t.request, ws.apiKey, { definitionId, input: { n: 0 } });
    await until(() => held.some((request) => request.path === "/work/0"), "the blocker's request");
    const run = await startRun(t.request, ws.apiKey, { definitionId, input: { n: 1 } });
    await until(
      async () => (await listRuns(t.request, ws.apiKey, { waitingFor: "concurrency" })).meta.total === 1,
      "the run waiting for the place",
    );
    expect(await statusLists(ws.apiKey)).toEqual({ PENDING: [run.id], RUNNING: [blocker.id] });
    expectListed(await listRuns(t.request, ws.apiKey, { waitingFor: "concurrency" }), [run.id]);

    // The blocker ends, the run takes the place and runs its http step, which the target holds.
    await expectData(await send(ws.apiKey, "POST", `/v1/workflow-runs/${blocker.id}/cancel`), 200);
    await answer("/work/0");
    await until(() => held.some((request) => request.path === "/work/1"), "the run's request");
    expect(await statusLists(ws.apiKey)).toEqual({ RUNNING: [run.id], CANCELLED: [blocker.id] });
    expectListed(await listRuns(t.request, ws.apiKey, { waitingFor: "concurrency" }), []);

    await answer("/work/1");
    await waitForRun(t.request, ws.apiKey, run.id, withStatus("PAUSED"));
    expect(await statusLists(ws.apiKey)).toEqual({ PAUSED: [run.id], CANCELLED: [blocker.id] });

    await approve(ws.apiKey, run.id);
    await waitForRun(t.request, ws.apiKey, run.id, withStatus("WAITING"));
    expect(await statusLists(ws.apiKey)).toEqual({ WAITING: [run.id], CANCELLED: [blocker.id] });

    await resume(ws.apiKey, run.id);
    await waitForRun(t.request, ws.apiKey, run.id, withStatus("COMPLETED"));
    expect(await statusLists(ws.apiKey)).toEqual({ COMPLETED: [run.id], CANCELLED: [blocker.id] });
  });
});

describe("a live status among runs of the other live statuses", () => {
  let ws: SignedUp;
  let waitDefinition: string;
  let pauseDefinition: string;
  /** Created in this order, oldest first: waiting, paused, waiting, … so the two lists interleave. */
  let waiting: RunBody[];
  let paused: RunBody[];

  beforeAll(async () => {
    ws = await signUp(t);
    waitDefinition = (
      await createDefinition(
        t.request,
        ws.apiKey,
        [{ type: "external_event", name: "await-go", signalType: "go" }],
        "waits",
      )
    ).id;
    pauseDefinition = (
      await createDefinition(
        t.request,
        ws.apiKey,
        [{ type: "approval", name: "review", contentKey: "input" }],
        "pauses",
      )
    ).id;
    waiting = [];
    paused = [];
    for (let i = 0; i < 5; i++) {
      waiting.push(await startRun(t.request, ws.apiKey, { definitionId: waitDefinition, input: { i } }));
      if (i < 3)
        paused.push(await startRun(t.request, ws.apiKey, { definitionId: pauseDefinition, input: { i } }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await t.idle();
  });

  const newestFirst = (runs: RunBody[]) => idsOf(runs).reverse();

  it("pages only the runs of that status, newest first, with an exact total", async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      pages.push(await listRuns(t.request, ws.apiKey, { status: "WAITING", page, pageSize: 2 }));
    }

    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1, 0]);
    expect(pages.map((page) => page.meta)).toEqual(
      [1, 2, 3, 4].map((page) => ({ page, pageSize: 2, total: 5, totalPages: 3 })),
    );
    expect(pages.flatMap((page) => idsOf(page.data))).toEqual(newestFirst(waiting));
    expectListed(await listRuns(t.request, ws.apiKey, { status: "PAUSED" }), newestFirst(paused));
    expectListed(await listRuns(t.request, ws.apiKey, { status: "RUNNING" }), []);
  });

  it("combines a live status with a definition, and with a creation date window", async () => {
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", definitionId: waitDefinition }),
      newestFirst(waiting),
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", definitionId: pauseDefinition }),
      [],
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "PAUSED", definitionId: pauseDefinition, pageSize: 2 }),
      newestFirst(paused).slice(0, 2),
      3,
    );

    const window = { createdAfter: paused[1]?.createdAt ?? "", createdBefore: waiting[4]?.createdAt ?? "" };
    // Created in the window: paused[1], waiting[2], paused[2], waiting[3].
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", ...window }),
      newestFirst(waiting.slice(2, 4)),
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "PAUSED", ...window, pageSize: 1, page: 2 }),
      idsOf(paused.slice(1, 2)),
      2,
    );
  });

  it("moves a run from one live list to the next and to its end list", async () => {
    const [first] = paused;
    if (!first) throw new Error("no paused run");
    await approve(ws.apiKey, first.id);
    await waitForRun(t.request, ws.apiKey, first.id, withStatus("COMPLETED"));

    expectListed(await listRuns(t.request, ws.apiKey, { status: "PAUSED" }), newestFirst(paused.slice(1)));
    expectListed(await listRuns(t.request, ws.apiKey, { status: "COMPLETED" }), [first.id]);
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING" }), newestFirst(waiting));
  });
});

describe("a run item written before live runs had their own index", () => {
  const documents = () =>
    createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }));

  /** Gives the run item the index entry it had before: its live status's own gsi3 partition (and, with `both`, keeps the new one, as while the index catches up). */
  async function toOldLayout(ws: SignedUp, runId: string, status: string, both = false): Promise<void> {
    const db = documents();
    const key = keys.run(ws.workspaceId, runId);
    const { Item } = await db.send(new GetCommand({ TableName: t.deps.config.TABLE_NAME, Key: key }));
    expect(Item?.gsi6pk).toBe(`WS#${ws.workspaceId}#LIVE`);
    await db.send(
      new UpdateCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: key,
        UpdateExpression: `SET gsi3pk = :old, gsi3sk = :position${both ? "" : " REMOVE gsi6pk, gsi6sk, live"}`,
        ExpressionAttributeValues: {
          ":old": `WS#${ws.workspaceId}#STATUS#${status}`,
          ":position": Item?.gsi6sk,
        },
      }),
    );
  }

  async function storedIndexKeys(ws: SignedUp, runId: string) {
    const { Item } = await documents().send(
      new GetCommand({ TableName: t.deps.config.TABLE_NAME, Key: keys.run(ws.workspaceId, runId) }),
    );
    return { gsi3pk: Item?.gsi3pk, gsi6pk: Item?.gsi6pk, live: Item?.live };
  }

  it("is listed under its live status among the others until its next commit, and then once", async () => {
    const ws = await signUp(t);
    const steps = [
      { type: "external_event", name: "first", signalType: "go" },
      { type: "external_event", name: "second", signalType: "again" },
    ];
    const definition = await createDefinition(t.request, ws.apiKey, steps, "two-waits");
    const runs: RunBody[] = [];
    for (let i = 0; i < 3; i++)
      runs.push(await startRun(t.request, ws.apiKey, { definitionId: definition.id }));
    await t.idle();
    const [oldest, old, newest] = runs;
    if (!oldest || !old || !newest) throw new Error("runs not created");
    await toOldLayout(ws, old.id, "WAITING");
    await toOldLayout(ws, oldest.id, "WAITING", true);

    // Merged by number with the live runs' index: each run once, newest first, the total exact.
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING" }), [newest.id, old.id, oldest.id]);
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", pageSize: 1, page: 2 }),
      [old.id],
      3,
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", definitionId: definition.id, pageSize: 2 }),
      [newest.id, old.id],
      3,
    );
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING", createdAfter: old.createdAt }), [
      newest.id,
      old.id,
    ]);

    // Its next commit (the signal, then the second wait) writes it in the new layout: listed once.
    await resume(ws.apiKey, old.id);
    await t.idle();
    expect(await storedIndexKeys(ws, old.id)).toEqual({
      gsi3pk: undefined,
      gsi6pk: `WS#${ws.workspaceId}#LIVE`,
      live: "WAITING",
    });
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING" }), [newest.id, old.id, oldest.id]);

    await resume(ws.apiKey, old.id, "again");
    await resume(ws.apiKey, oldest.id);
    await t.idle();
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING" }), [newest.id, oldest.id]);
    expectListed(await listRuns(t.request, ws.apiKey, { status: "COMPLETED" }), [old.id]);
    expect(await storedIndexKeys(ws, old.id)).toEqual({
      gsi3pk: `WS#${ws.workspaceId}#STATUS#COMPLETED`,
      gsi6pk: `WS#${ws.workspaceId}#DEF#${definition.id}#ENDED#COMPLETED`,
      live: undefined,
    });
  });
});
