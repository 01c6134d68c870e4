import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { allEvents, getRun, httpStep, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** `supersedeMode` (docs/triggers.md, "Debounce and supersession modes"), over HTTP on DynamoDB Local. */

let t: TestApp;
let a: SignedUp;
let target: string;
/**
 * Requests the http target got, by path; a request to `/slow/...` is answered when its release resolves, one to
 * `/fail/...` with a 500.
 */
const hits = new Map<string, number>();
const releases = new Map<string, () => void>();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  a = await signUp(t);
  target = await startLoopbackServer(async (request, _body, response) => {
    const path = request.url ?? "";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.startsWith("/slow/")) await new Promise<void>((resolve) => releases.set(path, resolve));
    response.writeHead(path.startsWith("/fail/") ? 500 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify({ path }));
  });
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

const http = (name: string, path: string) => httpStep(target, name, path);

async function define(steps: unknown[]): Promise<string> {
  const body = { name: `modes-${randomBytes(3).toString("hex")}`, version: "1", steps };
  return (await expectData<{ id: string }>(await send("POST", "/v1/workflow-definitions", body), 201)).id;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits for the target to hold the request of the run with this tag at `/slow/<tag>`. */
const requested = (tag: string) => until(() => releases.has(`/slow/${tag}`), `the request of ${tag}`);

/** Starts a run of the key without supersedeExisting, and waits for its request `/slow/<tag>` to be held. */
async function startHeld(definitionId: string, supersessionKey: string, tag: string): Promise<RunBody> {
  const run = await startRun(t.request, a.apiKey, { definitionId, input: { tag }, supersessionKey });
  await requested(tag);
  return run;
}

const eventsOf = async (runId: string) =>
  (await allEvents(t.request, a.apiKey, runId)).map((event) => [event.eventType, event.payload] as const);

describe("supersedeMode after_current_step", () => {
  it("lets the running step finish, records it COMPLETED, then ends the run SUPERSEDED before its next step", async () => {
    const definitionId = await define([
      http("slow", "/slow/{{input.tag}}"),
      http("next", "/next/{{input.tag}}"),
    ]);
    const supersessionKey = `doc-${randomBytes(3).toString("hex")}`;
    const older = await startHeld(definitionId, supersessionKey, "old");

    const newer = await startRun(t.request, a.apiKey, {
      definitionId,
      input: { tag: "new" },
      supersessionKey,
      supersedeExisting: true,
      supersedeMode: "after_current_step",
    });

    const marked = await getRun(t.request, a.apiKey, older.id);
    expect(marked).toMatchObject({ status: "RUNNING", pendingSupersession: { supersededBy: newer.id } });
    expect(marked.steps.map((step) => [step.stepName, step.status])).toEqual([["slow", "RUNNING"]]);
    releases.get("/slow/old")?.();

    const ended = await waitForRun(t.request, a.apiKey, older.id, withStatus("SUPERSEDED"));
    expect(ended.pendingSupersession).toBeUndefined();
    expect(ended.steps).toEqual([
      expect.objectContaining({
        stepName: "slow",
        status: "COMPLETED",
        output: expect.objectContaining({ status: 200 }),
      }),
    ]);
    const events = await eventsOf(older.id);
    expect(events.map(([type]) => type)).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "STEP_COMPLETED",
      "WORKFLOW_SUPERSEDED",
    ]);
    expect(events[3]?.[1]).toEqual({ supersededBy: newer.id });
    // The step was sent once, and the older run never reached its next step.
    expect(hits.get("/slow/old")).toBe(1);
    expect(hits.get("/next/old")).toBeUndefined();

    await requested("new");
    releases.get("/slow/new")?.();
    await waitForRun(t.request, a.apiKey, newer.id, withStatus("COMPLETED"));
  });

  it("supersedes at once a run that is not executing a step (waiting for a signal)", async () => {
    const definitionId = await define([{ type: "external_event", name: "await-go", signalType: "go" }]);
    const supersessionKey = `wait-${randomBytes(3).toString("hex")}`;
    const older = await startRun(t.request, a.apiKey, { definitionId, supersessionKey });
    await waitForRun(t.request, a.apiKey, older.id, withStatus("WAITING"));

    const newer = await startRun(t.request, a.apiKey, {
      definitionId,
      supersessionKey,
      supersedeExisting: true,
      supersedeMode: "after_current_step",
    });

    const ended = await getRun(t.request, a.apiKey, older.id);
    expect(ended.status).toBe("SUPERSEDED");
    expect(ended.steps.map((step) => [step.stepName, step.status])).toEqual([["await-go", "CANCELLED"]]);
    expect((await eventsOf(older.id)).at(-1)).toEqual(["WORKFLOW_SUPERSEDED", { supersededBy: newer.id }]);
  });

  it("refuses supersedeMode without a supersession key and supersedeExisting, and an unknown mode", async () => {
    const definitionId = await define([{ type: "task", name: "n", handler: "noop" }]);
    for (const body of [
      { definitionId, supersedeMode: "after_current_step" },
      { definitionId, supersessionKey: "k", supersedeMode: "after_current_step" },
      { definitionId, supersessionKey: "k", supersedeExisting: true, supersedeMode: "later" },
    ]) {
      const error = await expectError(await send("POST", "/v1/workflow-runs", body), 400, "VALIDATION_ERROR");
      expect(issuePaths(error)).toEqual(["supersedeMode"]);
    }
  });
});

describe("supersedeMode cancel_running", () => {
  it("is the default: a running step is cancelled with its run, as the spec says", async () => {
    const definitionId = await define([http("slow", "/slow/{{input.tag}}")]);
    const supersessionKey = `cancel-${randomBytes(3).toString("hex")}`;
    const older = await startHeld(definitionId, supersessionKey, "c-old");

    const body = { definitionId, input: { tag: "c-new" }, supersessionKey, supersedeExisting: true };
    const newer = await expectData<RunBody>(
      await send("POST", "/v1/workflow-runs", { ...body, supersedeMode: "cancel_running" }),
      201,
    );

    const ended = await getRun(t.request, a.apiKey, older.id);
    expect(ended.status).toBe("SUPERSEDED");
    expect(ended.steps.map((step) => [step.stepName, step.status])).toEqual([["slow", "CANCELLED"]]);
    releases.get("/slow/c-old")?.();
    await requested("c-new");
    releases.get("/slow/c-new")?.();
    await waitForRun(t.request, a.apiKey, newer.id, withStatus("COMPLETED"));
    expect((await getRun(t.request, a.apiKey, older.id)).status).toBe("SUPERSEDED");
  });
});

describe("supersedeMode queue_latest", () => {
  const queued = (body: Record<string, unknown>) =>
    startRun(t.request, a.apiKey, { ...body, supersedeExisting: true, supersedeMode: "queue_latest" });
  const waitingBehind = (run: RunBody) => run.status === "PENDING" && run.waitingFor === "supersession";
  const typesOf = async (runId: string) => (await eventsOf(runId)).map(([type]) => type);
  const startedAt = async (runId: string) =>
    (await allEvents(t.request, a.apiKey, runId)).find((event) => event.eventType === "WORKFLOW_STARTED")
      ?.createdAt ?? "";

  it("keeps the running run, supersedes the queued one by the newest, which starts once the running one ends", async () => {
    const definitionId = await define([http("slow", "/slow/{{input.tag}}")]);
    const supersessionKey = `latest-${randomBytes(3).toString("hex")}`;
    // Nothing of the key is running: the first starts at once, like any run.
    const first = await queued({ definitionId, input: { tag: "q-a" }, supersessionKey });
    await requested("q-a");

    const second = await queued({ definitionId, input: { tag: "q-b" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, second.id, waitingBehind);
    const listed = await listRuns(t.request, a.apiKey, { waitingFor: "supersession", supersessionKey });
    expect(listed.data.map((run) => run.id)).toEqual([second.id]);

    const third = await queued({ definitionId, input: { tag: "q-c" }, supersessionKey });
    const superseded = await getRun(t.request, a.apiKey, second.id);
    expect(superseded).toMatchObject({ status: "SUPERSEDED", steps: [] });
    expect(await eventsOf(second.id)).toEqual([["WORKFLOW_SUPERSEDED", { supersededBy: third.id }]]);
    await waitForRun(t.request, a.apiKey, third.id, waitingBehind);
    const running = await getRun(t.request, a.apiKey, first.id);
    expect(running.status).toBe("RUNNING");
    expect(running.steps.map((step) => step.status)).toEqual(["RUNNING"]);

    releases.get("/slow/q-a")?.();
    const ended = await waitForRun(t.request, a.apiKey, first.id, withStatus("COMPLETED"));
    await requested("q-c");
    releases.get("/slow/q-c")?.();
    await waitForRun(t.request, a.apiKey, third.id, withStatus("COMPLETED"));

    expect(await typesOf(first.id)).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "STEP_COMPLETED",
      "WORKFLOW_COMPLETED",
    ]);
    expect((await startedAt(third.id)) >= ended.updatedAt).toBe(true);
    expect([hits.get("/slow/q-a"), hits.get("/slow/q-b"), hits.get("/slow/q-c")]).toEqual([1, undefined, 1]);
  });

  it("waits behind a run of its key created with another mode; a cancel_running creation supersedes both kinds", async () => {
    const definitionId = await define([http("slow", "/slow/{{input.tag}}")]);
    const supersessionKey = `mixed-${randomBytes(3).toString("hex")}`;
    const plain = await startHeld(definitionId, supersessionKey, "m-p");
    const behindPlain = await queued({ definitionId, input: { tag: "m-q" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, behindPlain.id, waitingBehind);
    expect((await getRun(t.request, a.apiKey, plain.id)).status).toBe("RUNNING");

    // The plain run holds no queue_latest place: its end rings the waiting run all the same.
    releases.get("/slow/m-p")?.();
    await waitForRun(t.request, a.apiKey, plain.id, withStatus("COMPLETED"));
    await requested("m-q");

    const waiting = await queued({ definitionId, input: { tag: "m-q2" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, waiting.id, waitingBehind);
    const cancelling = await startRun(t.request, a.apiKey, {
      definitionId,
      input: { tag: "m-x" },
      supersessionKey,
      supersedeExisting: true,
    });
    for (const runId of [behindPlain.id, waiting.id]) {
      expect((await getRun(t.request, a.apiKey, runId)).status).toBe("SUPERSEDED");
      expect((await eventsOf(runId)).at(-1)).toEqual([
        "WORKFLOW_SUPERSEDED",
        { supersededBy: cancelling.id },
      ]);
    }
    releases.get("/slow/m-q")?.();
    await requested("m-x");

    // The superseded queue_latest run gave its place back; the next one waits only for the running run.
    const last = await queued({ definitionId, input: { tag: "m-l" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, last.id, waitingBehind);
    releases.get("/slow/m-x")?.();
    await waitForRun(t.request, a.apiKey, cancelling.id, withStatus("COMPLETED"));
    await requested("m-l");
    releases.get("/slow/m-l")?.();
    await waitForRun(t.request, a.apiKey, last.id, withStatus("COMPLETED"));
    expect(hits.get("/slow/m-q2")).toBeUndefined();
  });

  it("retries a FAILED run only while no other queue_latest run of its key runs (409 until then)", async () => {
    const definitionId = await define([http("slow", "/{{input.path}}")]);
    const supersessionKey = `retry-${randomBytes(3).toString("hex")}`;
    const failed = await queued({ definitionId, input: { path: "fail/r-a" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, failed.id, withStatus("FAILED"));
    // A FAILED run is not started any more: the next one starts at once.
    const next = await queued({ definitionId, input: { path: "slow/r-b" }, supersessionKey });
    await requested("r-b");

    const refused = await expectError(
      await send("POST", `/v1/workflow-runs/${failed.id}/retry`),
      409,
      "CONFLICT",
    );
    expect(refused.message).toContain("queue_latest");
    releases.get("/slow/r-b")?.();
    await waitForRun(t.request, a.apiKey, next.id, withStatus("COMPLETED"));
    await expectData(await send("POST", `/v1/workflow-runs/${failed.id}/retry`), 200);
    await waitForRun(t.request, a.apiKey, failed.id, withStatus("FAILED"));
    expect(hits.get("/fail/r-a")).toBe(2);
  });

  it("refuses a definition with a concurrency limit before writing anything", async () => {
    const body = {
      name: `modes-${randomBytes(3).toString("hex")}`,
      version: "1",
      steps: [{ type: "task", name: "n", handler: "noop" }],
      concurrency: { limit: 2 },
    };
    const { id: definitionId } = await expectData<{ id: string }>(
      await send("POST", "/v1/workflow-definitions", body),
      201,
    );
    const supersessionKey = `refused-${randomBytes(3).toString("hex")}`;
    const error = await expectError(
      await send("POST", "/v1/workflow-runs", {
        definitionId,
        supersessionKey,
        supersedeExisting: true,
        supersedeMode: "queue_latest",
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(error)).toEqual(["supersedeMode"]);
    expect((await listRuns(t.request, a.apiKey, { supersessionKey })).meta.total).toBe(0);
  });
});
