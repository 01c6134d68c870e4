import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { EventBody, RunBody, RunWithSteps } from "../helpers/api-types";
import { expectData, expectError, ISO_UTC_MS, issuePaths } from "../helpers/requests";
import {
  allEvents,
  createDefinition,
  expectQueryRejected,
  getRun,
  listEvents,
  listRuns,
  startRun,
} from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

const RUN_FIELDS = [
  "id",
  "workspaceId",
  "definitionId",
  "status",
  "input",
  "output",
  "idempotencyKey",
  "supersessionKey",
  "currentStepName",
  "createdAt",
  "updatedAt",
].sort();

const STEP_RUN_FIELDS = [
  "id",
  "workflowRunId",
  "stepName",
  "stepType",
  "status",
  "attempt",
  "input",
  "output",
  "error",
  "startedAt",
  "completedAt",
  "createdAt",
  "updatedAt",
].sort();

const EVENT_FIELDS = ["id", "workflowRunId", "stepRunId", "eventType", "payload", "createdAt"].sort();

const noop = (name: string) => ({ type: "task", name, handler: "noop" });
/** Three noop tasks: a completed run records 8 events (started, 3 × step started/completed, completed). */
const threeNoops = [noop("one"), noop("two"), noop("three")];
/** A task, then a wait for a signal with no timeout: the run stays WAITING until resumed or ended. */
const waitsForSignal = [
  noop("prepare"),
  { type: "external_event", name: "await-go", signalType: "go" },
  noop("finish"),
];
/** Pauses for a review of the run's input. */
const approvesInput = [{ type: "approval", name: "review", contentKey: "input", prompt: "OK?" }];
/** Fails at once with no retry: the run ends FAILED. */
const failsAtOnce = [{ type: "task", name: "boom", handler: "fail", config: { error: "kaput" } }];

let t: TestApp;
let a: SignedUp;
let b: SignedUp;
let noopDefinition: string;
let signalDefinition: string;
let failDefinition: string;
let approvalDefinition: string;

const uniqueKey = (base: string) => `${base}-${randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" }, { realTime: true });
  [a, b] = await Promise.all([signUp(t), signUp(t)]);
  const [noop, signal, fail, approval] = await Promise.all([
    createDefinition(t.request, a.apiKey, threeNoops, "three-noops"),
    createDefinition(t.request, a.apiKey, waitsForSignal, "waits-for-signal"),
    createDefinition(t.request, a.apiKey, failsAtOnce, "fails"),
    createDefinition(t.request, a.apiKey, approvesInput, "approves"),
  ]);
  noopDefinition = noop.id;
  signalDefinition = signal.id;
  failDefinition = fail.id;
  approvalDefinition = approval.id;
});

function post(apiKey: string, body: unknown) {
  return t.request("POST", "/v1/workflow-runs", { body, headers: withKey(apiKey) });
}

/** POSTs a run and asserts the success envelope with `status` (201 created, 200 an idempotent repeat). */
async function postRun(apiKey: string, body: unknown, status: number): Promise<RunBody> {
  return expectData<RunBody>(await post(apiKey, body), status);
}

/** A request made with `who`'s key. */
function requestAs(who: SignedUp, method: string, path: string, body?: unknown) {
  return t.request(method, path, { body, headers: withKey(who.apiKey) });
}

/** Starts a run of `definitionId` in workspace A and waits until the engine has nothing left to do. */
async function settledRun(definitionId: string, extra: Record<string, unknown> = {}): Promise<RunBody> {
  const run = await startRun(t.request, a.apiKey, { definitionId, ...extra });
  await t.idle();
  return run;
}

/** The run's status as workspace A reads it now. */
const statusOf = async (run: RunBody) => (await getRun(t.request, a.apiKey, run.id)).status;

describe("POST /v1/workflow-runs", () => {
  it("answers 201 with a PENDING run carrying every field of spec 2.5 when only definitionId is given", async () => {
    const run = await postRun(a.apiKey, { definitionId: noopDefinition }, 201);

    expect(Object.keys(run).sort()).toEqual(RUN_FIELDS);
    expect(run).toEqual({
      id: expect.any(String),
      workspaceId: a.workspaceId,
      definitionId: noopDefinition,
      status: "PENDING",
      input: {},
      output: null,
      idempotencyKey: null,
      supersessionKey: null,
      currentStepName: null,
      createdAt: expect.stringMatching(ISO_UTC_MS),
      updatedAt: expect.stringMatching(ISO_UTC_MS),
    });
    expect(run.id.length).toBeGreaterThan(0);
    await t.idle();
  });

  it("keeps the given input, idempotencyKey and supersessionKey when they are provided", async () => {
    const idempotencyKey = uniqueKey("idem");
    const supersessionKey = uniqueKey("sup");
    const input = { customer: "c-1", amount: 42, nested: { ok: true } };

    const created = await postRun(
      a.apiKey,
      { definitionId: noopDefinition, input, idempotencyKey, supersessionKey },
      201,
    );
    expect(created).toMatchObject({ input, idempotencyKey, supersessionKey, status: "PENDING" });

    await t.idle();
    expect(await getRun(t.request, a.apiKey, created.id)).toMatchObject({
      input,
      idempotencyKey,
      supersessionKey,
    });
  });

  it("runs the created run to COMPLETED with its final state as output when the engine picks it up", async () => {
    const run = await settledRun(noopDefinition, { input: { x: 1 } });

    const after = await getRun(t.request, a.apiKey, run.id);
    expect(after.status).toBe("COMPLETED");
    expect(after.output).toEqual({ input: { x: 1 }, one: {}, two: {}, three: {} });
  });

  it("answers 404 NOT_FOUND when definitionId names no definition", async () => {
    await expectError(await post(a.apiKey, { definitionId: "wfd_does_not_exist" }), 404, "NOT_FOUND");
  });

  it("answers 404 NOT_FOUND when definitionId names another workspace's definition", async () => {
    await expectError(await post(b.apiKey, { definitionId: noopDefinition }), 404, "NOT_FOUND");
  });

  it.each([
    ["naming definitionId when it is missing", () => ({ input: {} }), "definitionId"],
    ["when input is not an object", () => ({ definitionId: noopDefinition, input: [1, 2] }), "input"],
    [
      "when idempotencyKey is longer than 255 characters",
      () => ({ definitionId: noopDefinition, idempotencyKey: "k".repeat(256) }),
      "idempotencyKey",
    ],
    [
      "when supersessionKey is longer than 255 characters",
      () => ({ definitionId: noopDefinition, supersessionKey: "s".repeat(256) }),
      "supersessionKey",
    ],
  ])("answers 400 VALIDATION_ERROR %s", async (_when, body, field) => {
    const error = await expectError(await post(a.apiKey, body()), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain(field);
  });

  it("accepts an idempotencyKey of exactly 255 characters", async () => {
    const key = `${uniqueKey("edge")}-`.padEnd(255, "k");
    const run = await postRun(a.apiKey, { definitionId: noopDefinition, idempotencyKey: key }, 201);
    expect(run.idempotencyKey).toBe(key);
    await t.idle();
  });
});

describe("idempotencyKey", () => {
  it("answers 200 with the same run when a second POST carries the same key", async () => {
    const idempotencyKey = uniqueKey("again");
    const first = await postRun(a.apiKey, { definitionId: noopDefinition, idempotencyKey }, 201);
    await t.idle();

    const second = await postRun(a.apiKey, { definitionId: noopDefinition, idempotencyKey }, 200);
    expect(second.id).toBe(first.id);
    expect(second.idempotencyKey).toBe(idempotencyKey);
    expect(second.status).toBe("COMPLETED");
  });

  it("returns the original run unchanged when the repeat carries a different input", async () => {
    const idempotencyKey = uniqueKey("input");
    const first = await postRun(
      a.apiKey,
      { definitionId: noopDefinition, idempotencyKey, input: { n: 1 } },
      201,
    );

    const second = await postRun(
      a.apiKey,
      { definitionId: noopDefinition, idempotencyKey, input: { n: 2 } },
      200,
    );
    expect(second.id).toBe(first.id);
    expect(second.input).toEqual({ n: 1 });
    await t.idle();
  });

  it("creates a separate run when another workspace uses the same key", async () => {
    const idempotencyKey = uniqueKey("shared");
    const bDefinition = await createDefinition(t.request, b.apiKey, threeNoops, "b-noops");
    const inA = await postRun(a.apiKey, { definitionId: noopDefinition, idempotencyKey }, 201);

    const inB = await postRun(b.apiKey, { definitionId: bDefinition.id, idempotencyKey }, 201);
    expect(inB.id).not.toBe(inA.id);
    expect(inB.workspaceId).toBe(b.workspaceId);
    await t.idle();
  });

  it("creates exactly one run when 10 POSTs with one key arrive at once", async () => {
    const fresh = await signUp(t);
    const definition = await createDefinition(t.request, fresh.apiKey, threeNoops, "concurrent");
    const idempotencyKey = uniqueKey("burst");

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(fresh.apiKey, { definitionId: definition.id, idempotencyKey })),
    );
    const statuses = responses.map((response) => response.status).sort();
    const bodies = await Promise.all(
      responses.map((response) => expectData<RunBody>(response, response.status)),
    );
    await t.idle();

    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(bodies.map((run) => run.id));
    expect(ids.size).toBe(1);
    const list = await listRuns(t.request, fresh.apiKey);
    expect(list.meta.total).toBe(1);
    expect(list.data.map((run) => run.id)).toEqual([...ids]);
  });

  it("creates every run when 60 POSTs arrive at once in one workspace, and pages each exactly once", async () => {
    const fresh = await signUp(t);
    const definition = await createDefinition(t.request, fresh.apiKey, threeNoops, "burst");

    const responses = await Promise.all(
      Array.from({ length: 60 }, () => post(fresh.apiKey, { definitionId: definition.id })),
    );
    const created = await Promise.all(responses.map((response) => expectData<RunBody>(response, 201)));
    await t.idle();

    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => listRuns(t.request, fresh.apiKey, { page, pageSize: 20 })),
    );
    expect(pages.map((listed) => [listed.data.length, listed.meta.total])).toEqual([
      [20, 60],
      [20, 60],
      [20, 60],
      [0, 60],
    ]);
    const listed = pages.flatMap((listed) => listed.data.map((run) => run.id));
    expect(listed.sort()).toEqual(created.map((run) => run.id).sort());
  });
});

describe("supersession", () => {
  async function waitingRun(supersessionKey: string): Promise<RunBody> {
    const run = await settledRun(signalDefinition, { supersessionKey });
    expect(await statusOf(run)).toBe("WAITING");
    return run;
  }

  /** Starts a run that supersedes `key`'s live runs and waits until the engine is done. */
  const supersede = (key: string, definitionId = signalDefinition) =>
    settledRun(definitionId, { supersessionKey: key, supersedeExisting: true });

  const eventTypesOf = async (run: RunBody) =>
    (await allEvents(t.request, a.apiKey, run.id)).map((event) => event.eventType);

  /** The request answers 409 CONFLICT, and the run is still SUPERSEDED once the engine is done. */
  async function expectConflictKeepsSuperseded(request: Promise<Response>, run: RunBody): Promise<void> {
    await expectError(await request, 409, "CONFLICT");
    await t.idle();
    expect(await statusOf(run)).toBe("SUPERSEDED");
  }

  async function pendingApprovals() {
    return expectData<{ id: string; workflowRunId: string }[]>(
      await requestAs(a, "GET", "/v1/approval-requests?pending=true"),
      200,
    );
  }

  it("marks the live run SUPERSEDED with WORKFLOW_SUPERSEDED {supersededBy} when a new run supersedes its key", async () => {
    const key = uniqueKey("k");
    const runA = await waitingRun(key);

    const runB = await supersede(key);

    expect(await statusOf(runA)).toBe("SUPERSEDED");
    const superseded = (await allEvents(t.request, a.apiKey, runA.id)).filter(
      (event) => event.eventType === "WORKFLOW_SUPERSEDED",
    );
    expect(superseded).toHaveLength(1);
    expect(superseded[0]?.payload).toEqual({ supersededBy: runB.id });
    expect(superseded[0]?.stepRunId).toBeNull();
  });

  it("runs the superseding run when it replaces an older one", async () => {
    const key = uniqueKey("k");
    await waitingRun(key);

    const runB = await supersede(key);

    const after = await getRun(t.request, a.apiKey, runB.id);
    expect(after.status).toBe("WAITING");
    expect(after.currentStepName).toBe("await-go");
    expect((await eventTypesOf(runB))[0]).toBe("WORKFLOW_STARTED");
  });

  it("cancels the superseded run's waiting step when the run is superseded", async () => {
    const key = uniqueKey("k");
    const runA = await waitingRun(key);

    await supersede(key);

    const steps = (await getRun(t.request, a.apiKey, runA.id)).steps;
    expect(steps.map((step) => [step.stepName, step.status])).toEqual([
      ["prepare", "COMPLETED"],
      ["await-go", "CANCELLED"],
    ]);
  });

  it("leaves the older run live when the new run shares the key without supersedeExisting", async () => {
    const key = uniqueKey("k");
    const runA = await waitingRun(key);

    const runB = await settledRun(signalDefinition, { supersessionKey: key });

    expect(await statusOf(runA)).toBe("WAITING");
    expect(await statusOf(runB)).toBe("WAITING");
    expect(await eventTypesOf(runA)).not.toContain("WORKFLOW_SUPERSEDED");
  });

  it("leaves live runs of another supersessionKey alone when a run supersedes its own key", async () => {
    const other = await waitingRun(uniqueKey("other"));

    await supersede(uniqueKey("k"));

    expect(await statusOf(other)).toBe("WAITING");
  });

  it("leaves a COMPLETED run with the same key COMPLETED when a new run supersedes the key", async () => {
    const key = uniqueKey("k");
    const done = await settledRun(noopDefinition, { supersessionKey: key });
    expect(await statusOf(done)).toBe("COMPLETED");

    await supersede(key, noopDefinition);

    expect(await statusOf(done)).toBe("COMPLETED");
    expect(await eventTypesOf(done)).not.toContain("WORKFLOW_SUPERSEDED");
  });

  it.each([
    ["and keeps the run SUPERSEDED when a SUPERSEDED run is cancelled", "cancel", undefined],
    ["when a signal is sent to a SUPERSEDED run", "resume", { signalType: "go" }],
  ])("answers 409 CONFLICT %s", async (_when, action, body) => {
    const key = uniqueKey("k");
    const runA = await waitingRun(key);
    await supersede(key);

    await expectConflictKeepsSuperseded(
      requestAs(a, "POST", `/v1/workflow-runs/${runA.id}/${action}`, body),
      runA,
    );
  });

  it("answers 409 CONFLICT to a decision and drops the request from the pending list when a PAUSED run is superseded", async () => {
    const key = uniqueKey("k");
    const paused = await settledRun(approvalDefinition, { supersessionKey: key, input: { text: "v1" } });
    expect(await statusOf(paused)).toBe("PAUSED");
    const approval = (await pendingApprovals()).find((request) => request.workflowRunId === paused.id);
    expect(approval).toBeDefined();

    await supersede(key, noopDefinition);

    expect(await statusOf(paused)).toBe("SUPERSEDED");
    expect((await pendingApprovals()).map((request) => request.id)).not.toContain(approval?.id);
    await expectConflictKeepsSuperseded(
      requestAs(a, "POST", `/v1/approval-requests/${approval?.id}/decide`, { decision: "approved" }),
      paused,
    );
  });

  it("leaves only the newest run live when several runs supersede one key at once", async () => {
    const key = uniqueKey("k");
    const runs = await Promise.all(
      Array.from({ length: 5 }, () =>
        startRun(t.request, a.apiKey, {
          definitionId: signalDefinition,
          supersessionKey: key,
          supersedeExisting: true,
        }),
      ),
    );
    await t.idle();

    const listed = await listRuns(t.request, a.apiKey, { supersessionKey: key });
    expect(new Set(listed.data.map((run) => run.id))).toEqual(new Set(runs.map((run) => run.id)));
    const [newest, ...older] = listed.data;
    expect(newest?.status).toBe("WAITING");
    expect(older.map((run) => run.status)).toEqual(["SUPERSEDED", "SUPERSEDED", "SUPERSEDED", "SUPERSEDED"]);
  });
});

describe("GET /v1/workflow-runs/:id", () => {
  it("includes currentStepName and every step run with its fields when the run waits at a step", async () => {
    const run = await settledRun(signalDefinition, { input: { who: "me" } });

    const got = await getRun(t.request, a.apiKey, run.id);
    expect(Object.keys(got).sort()).toEqual([...RUN_FIELDS, "steps"].sort());
    expect(got).toMatchObject({ id: run.id, status: "WAITING", currentStepName: "await-go" });
    expect(got.steps).toHaveLength(2);
    for (const step of got.steps) {
      expect(Object.keys(step).sort()).toEqual(STEP_RUN_FIELDS);
      expect(step.id).toEqual(expect.any(String));
      expect(step.workflowRunId).toBe(run.id);
      expect(step.attempt).toBe(1);
      expect(step.error).toBeNull();
      expect(step.startedAt).toMatch(ISO_UTC_MS);
      expect(step.createdAt).toMatch(ISO_UTC_MS);
      expect(step.updatedAt).toMatch(ISO_UTC_MS);
    }
    const [prepare, awaitGo] = got.steps;
    expect(prepare).toMatchObject({
      stepName: "prepare",
      stepType: "task",
      status: "COMPLETED",
      output: {},
      completedAt: expect.stringMatching(ISO_UTC_MS),
    });
    expect(awaitGo).toMatchObject({
      stepName: "await-go",
      stepType: "external_event",
      status: "WAITING",
      output: null,
      completedAt: null,
    });
  });

  it("records the step's error and FAILED status when a run fails", async () => {
    const run = await settledRun(failDefinition);

    const got = await getRun(t.request, a.apiKey, run.id);
    expect(got.status).toBe("FAILED");
    expect(got.steps).toEqual([
      expect.objectContaining({
        stepName: "boom",
        status: "FAILED",
        error: expect.stringContaining("kaput"),
      }),
    ]);
  });

  it("answers 404 NOT_FOUND when the id names no run", async () => {
    await expectError(await requestAs(a, "GET", "/v1/workflow-runs/run_does_not_exist"), 404, "NOT_FOUND");
  });
});

describe("GET /v1/workflow-runs/:id/events", () => {
  let runId: string;
  let everything: EventBody[];

  beforeAll(async () => {
    runId = (await settledRun(noopDefinition)).id;
    everything = (await listEvents(t.request, a.apiKey, runId, { pageSize: 100 })).data;
  });

  it("lists the run's events oldest first with the fields of spec 2.7", async () => {
    expect(everything.map((event) => [event.eventType, event.payload.stepName ?? null])).toEqual([
      ["WORKFLOW_STARTED", null],
      ["STEP_STARTED", "one"],
      ["STEP_COMPLETED", "one"],
      ["STEP_STARTED", "two"],
      ["STEP_COMPLETED", "two"],
      ["STEP_STARTED", "three"],
      ["STEP_COMPLETED", "three"],
      ["WORKFLOW_COMPLETED", null],
    ]);
    for (const event of everything) {
      expect(Object.keys(event).sort()).toEqual(EVENT_FIELDS);
      expect(event.workflowRunId).toBe(runId);
      expect(event.createdAt).toMatch(ISO_UTC_MS);
      if (event.eventType.startsWith("WORKFLOW_")) expect(event.stepRunId).toBeNull();
      else expect(event.stepRunId).toEqual(expect.any(String));
    }
    const times = everything.map((event) => event.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(new Set(everything.map((event) => event.id)).size).toBe(everything.length);
  });

  it("pages the events so that the pages put together equal the whole list when pageSize is 3", async () => {
    expect(everything.length).toBeGreaterThanOrEqual(7);
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(await listEvents(t.request, a.apiKey, runId, { page, pageSize: 3 }));
    }

    expect(pages.map((page) => page.meta)).toEqual(
      [1, 2, 3].map((page) => ({
        page,
        pageSize: 3,
        total: everything.length,
        totalPages: Math.ceil(everything.length / 3),
      })),
    );
    expect(pages.map((page) => page.data.length)).toEqual([3, 3, everything.length - 6]);
    expect(pages.flatMap((page) => page.data)).toEqual(everything);
  });

  it("answers an empty page with the right total when the page is beyond the end", async () => {
    const beyond = await listEvents(t.request, a.apiKey, runId, { page: 4, pageSize: 3 });

    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toEqual({
      page: 4,
      pageSize: 3,
      total: everything.length,
      totalPages: Math.ceil(everything.length / 3),
    });
  });

  it("uses page 1 and pageSize 20 when no query is given", async () => {
    const page = await listEvents(t.request, a.apiKey, runId);

    expect(page.meta).toEqual({ page: 1, pageSize: 20, total: everything.length, totalPages: 1 });
    expect(page.data).toEqual(everything);
  });

  it.each([
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["pageSize=0", "pageSize"],
    ["pageSize=101", "pageSize"],
    ["pageSize=ten", "pageSize"],
  ])("answers 400 VALIDATION_ERROR when the query is %s", async (query, field) => {
    await expectQueryRejected(t.request, a.apiKey, `/v1/workflow-runs/${runId}/events?${query}`, field);
  });

  it("answers 404 NOT_FOUND when the id names no run", async () => {
    await expectError(
      await requestAs(a, "GET", "/v1/workflow-runs/run_does_not_exist/events"),
      404,
      "NOT_FOUND",
    );
  });
});

describe("another workspace's run", () => {
  let waiting: RunBody;
  let failed: RunBody;

  beforeAll(async () => {
    waiting = await settledRun(signalDefinition);
    failed = await settledRun(failDefinition);
  });

  /** B calls `action` (`""` for the run itself) on A's run: 404 NOT_FOUND; returns A's run afterwards. */
  async function asB(method: string, run: RunBody, action: string, body?: unknown): Promise<RunWithSteps> {
    const path = `/v1/workflow-runs/${run.id}${action ? `/${action}` : ""}`;
    await expectError(await requestAs(b, method, path, body), 404, "NOT_FOUND");
    await t.idle();
    return getRun(t.request, a.apiKey, run.id);
  }

  it.each([
    ["get", "GET", "", undefined],
    ["cancel", "POST", "cancel", undefined],
    ["resume", "POST", "resume", { signalType: "go" }],
    ["events", "GET", "events", undefined],
  ])(
    "answers 404 NOT_FOUND and leaves the run as it was when B calls %s on A's waiting run",
    async (_name, method, action, body) => {
      const after = await asB(method, waiting, action, body);
      expect(after.status).toBe("WAITING");
      expect(after.currentStepName).toBe("await-go");
    },
  );

  it("answers 404 NOT_FOUND and leaves the run FAILED when B calls retry on A's failed run", async () => {
    const after = await asB("POST", failed, "retry");
    expect(after.status).toBe("FAILED");
    expect(after.steps).toHaveLength(1);
  });

  it("never lists A's runs when B lists its runs", async () => {
    const listed = await listRuns(t.request, b.apiKey, { pageSize: 100 });
    for (const run of listed.data) expect(run.workspaceId).toBe(b.workspaceId);
    expect(listed.data.map((run) => run.id)).not.toContain(waiting.id);
  });
});
