import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { allEvents, getRun, httpStep, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let a: SignedUp;
let target: string;
/** Requests the http target got, by path. */
const hits = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  a = await signUp(t);
  target = await startLoopbackServer((request, _body, response) => {
    const path = request.url ?? "";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    response.writeHead(path.endsWith("/bad") ? 500 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify({ path }));
  });
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

async function define(name: string, version: string, steps: unknown[]): Promise<string> {
  const created = await expectData<{ id: string }>(
    await send("POST", "/v1/workflow-definitions", { name, version, steps }),
    201,
  );
  return created.id;
}

const http = (name: string, path: string) => httpStep(target, name, path);

const eventTypes = async (runId: string) =>
  (await allEvents(t.request, a.apiKey, runId)).map((event) => event.eventType);

/**
 * Two versions of a workflow that first waits for a `go` signal, then runs `v1` or `v2`, and a run of the
 * first, waiting at that step.
 */
async function waitingOnV1(name: string, v1Steps: unknown[], v2Steps: unknown[]) {
  const hold = { type: "external_event", name: "hold", signalType: "go" };
  const v1 = await define(name, "1", [hold, ...v1Steps]);
  const v2 = await define(name, "2", [hold, ...v2Steps]);
  const run = await startRun(t.request, a.apiKey, { definitionId: v1 });
  await waitForRun(t.request, a.apiKey, run.id, withStatus("WAITING"));
  return { v1, v2, run };
}

interface RerunBody extends RunBody {
  rerunOf?: string;
  originalDefinitionId?: string;
  pendingUpgrade?: { definitionId: string; continueAt?: string };
}

describe("rerun from a step", () => {
  it("reruns a FAILED run from its second step with a patched input, without calling the first step's target again", async () => {
    const definitionId = await define("orders", "1", [
      http("fetch", "/fetch"),
      http("charge", "/charge/{{input.card}}"),
    ]);
    const failed = await startRun(t.request, a.apiKey, { definitionId, input: { card: "bad" } });
    await waitForRun(t.request, a.apiKey, failed.id, withStatus("FAILED"));
    expect(hits.get("/fetch")).toBe(1);

    const rerun = await expectData<RerunBody>(
      await send("POST", `/v1/workflow-runs/${failed.id}/rerun`, {
        fromStep: "charge",
        input: { card: "good" },
      }),
      201,
    );

    expect(rerun).toMatchObject({ rerunOf: failed.id, definitionId, input: { card: "good" } });
    const done = await waitForRun(t.request, a.apiKey, rerun.id, withStatus("COMPLETED"));
    expect(hits.get("/fetch")).toBe(1);
    expect(hits.get("/charge/good")).toBe(1);
    const [copied, charged] = done.steps;
    const sourceSteps = (await getRun(t.request, a.apiKey, failed.id)).steps;
    expect(copied).toMatchObject({
      stepName: "fetch",
      status: "COMPLETED",
      copiedFrom: sourceSteps[0]?.id,
      output: sourceSteps[0]?.output,
    });
    expect(charged).toMatchObject({ stepName: "charge", status: "COMPLETED", attempt: 1 });
    expect(done.output).toMatchObject({ input: { card: "good" }, fetch: { body: { path: "/fetch" } } });
    expect(await eventTypes(rerun.id)).toEqual([
      "WORKFLOW_STARTED",
      "STEP_COPIED",
      "STEP_STARTED",
      "STEP_COMPLETED",
      "WORKFLOW_COMPLETED",
    ]);
  });

  it("reruns a COMPLETED run on a newer version of its definition, with a state patch", async () => {
    const v1 = await define("report", "1", [
      { type: "task", name: "gather", handler: "set_state", config: { values: { region: "eu" } } },
      http("publish", "/publish/v1"),
    ]);
    const v2 = await define("report", "2", [
      { type: "task", name: "gather", handler: "set_state", config: { values: { region: "eu" } } },
      http("publish", "/publish/v2/{{state.region}}"),
    ]);
    const first = await startRun(t.request, a.apiKey, { definitionId: v1 });
    await waitForRun(t.request, a.apiKey, first.id, withStatus("COMPLETED"));

    const rerun = await expectData<RerunBody>(
      await send("POST", `/v1/workflow-runs/${first.id}/rerun`, {
        fromStep: "publish",
        definitionId: v2,
        statePatch: { region: "us" },
      }),
      201,
    );

    expect(rerun).toMatchObject({ definitionId: v2, rerunOf: first.id });
    const done = await waitForRun(t.request, a.apiKey, rerun.id, withStatus("COMPLETED"));
    expect(hits.get("/publish/v2/us")).toBe(1);
    expect(done.steps.map((step) => [step.stepName, step.status])).toEqual([
      ["gather", "COMPLETED"],
      ["publish", "COMPLETED"],
    ]);
  });

  it("refuses a live run (409), an unknown step (400), another workflow's definition (400) and a state past its bound (400)", async () => {
    const holding = await define("holding", "1", [
      { type: "external_event", name: "hold", signalType: "go" },
      { type: "task", name: "after", handler: "noop", config: {} },
    ]);
    const other = await define("other", "1", [{ type: "task", name: "hold", handler: "noop", config: {} }]);
    const live = await startRun(t.request, a.apiKey, { definitionId: holding });
    await waitForRun(t.request, a.apiKey, live.id, withStatus("WAITING"));
    const rerun = (body: unknown) => send("POST", `/v1/workflow-runs/${live.id}/rerun`, body);

    await expectError(await rerun({ fromStep: "after" }), 409, "CONFLICT");
    await send("POST", `/v1/workflow-runs/${live.id}/cancel`);
    const unknown = await expectError(await rerun({ fromStep: "nope" }), 400, "VALIDATION_ERROR");
    expect(issuePaths(unknown)).toEqual(["fromStep"]);
    const foreign = await expectError(
      await rerun({ fromStep: "hold", definitionId: other }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(foreign)).toEqual(["definitionId"]);
    const big = "x".repeat(60_000);
    const tooLarge = await expectError(
      await rerun({ fromStep: "after", input: { big }, statePatch: { a: big, b: big } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(tooLarge)).toEqual(["statePatch"]);
    expect(tooLarge.details?.code).toBe("STATE_TOO_LARGE");
    await expectError(
      await send("POST", "/v1/workflow-runs/run_missing/rerun", { fromStep: "hold" }),
      404,
      "NOT_FOUND",
    );
  });
});

describe("checked upgrades", () => {
  it("refuses an upgrade whose next step is missing with the list, and a dry run reports the same", async () => {
    // A draft step, then a review that sends rejected drafts back to it.
    const drafted = (draft: string) => [
      { type: "task", name: draft, handler: "set_state", config: { values: { text: "hello" } } },
      {
        type: "approval",
        name: "check",
        contentKey: "text",
        onReject: { gotoStep: draft, feedbackKey: "feedback", maxRevisions: 2 },
      },
    ];
    const v1 = await define("review", "1", drafted("draft"));
    const v2 = await define("review", "2", [
      ...drafted("write"),
      http("publish", "/publish/{{state.publishedAt}}"),
    ]);
    const run = await startRun(t.request, a.apiKey, { definitionId: v1 });
    await waitForRun(t.request, a.apiKey, run.id, withStatus("PAUSED"));

    const refused = await expectError(
      await send("POST", `/v1/workflow-runs/${run.id}/upgrade`, { definitionId: v2 }),
      409,
      "CONFLICT",
    );

    const expected = [
      expect.objectContaining({ kind: "next_step_missing", stepName: "draft" }),
      expect.objectContaining({ kind: "state_key_unwritten", key: "publishedAt", stepName: "publish" }),
    ];
    expect(refused.details?.incompatibilities).toEqual(expected);
    const dry = await expectData<{ outcome: string; incompatibilities: unknown[] }>(
      await send("POST", `/v1/workflow-runs/${run.id}/upgrade`, { definitionId: v2, dryRun: true }),
      200,
    );
    expect(dry).toMatchObject({ outcome: "incompatible", incompatibilities: expected });
    expect((await getRun(t.request, a.apiKey, run.id)).definitionId).toBe(v1);
  });

  it("refuses an upgrade whose version lacks the step the run goes to next, unless continueAt says where it goes on", async () => {
    const { v1, v2, run } = await waitingOnV1(
      "packing",
      [http("weigh", "/weigh"), http("label", "/label")],
      [http("inspect", "/inspect"), http("label", "/label")],
    );
    const upgrade = (body: Record<string, unknown>) =>
      send("POST", `/v1/workflow-runs/${run.id}/upgrade`, { definitionId: v2, ...body });

    const missing = [expect.objectContaining({ kind: "next_step_missing", stepName: "weigh" })];
    const refused = await expectError(await upgrade({}), 409, "CONFLICT");
    expect(refused.details?.incompatibilities).toEqual(missing);
    expect(refused.message).toContain('"weigh"');
    const dry = await expectData<{ outcome: string }>(await upgrade({ dryRun: true }), 200);
    expect(dry).toMatchObject({ outcome: "incompatible", incompatibilities: missing });
    const unknownStep = await expectError(await upgrade({ continueAt: "weigh" }), 400, "VALIDATION_ERROR");
    expect(issuePaths(unknownStep)).toEqual(["continueAt"]);
    const checked = await expectData<{ outcome: string }>(
      await upgrade({ continueAt: "label", dryRun: true }),
      200,
    );
    expect(checked).toMatchObject({ outcome: "compatible", incompatibilities: [] });
    const pendingOf = async () => ((await getRun(t.request, a.apiKey, run.id)) as RerunBody).pendingUpgrade;
    expect(await pendingOf()).toBeUndefined();

    const pending = await expectData<{ outcome: string }>(await upgrade({ continueAt: "label" }), 200);
    expect(pending).toMatchObject({ outcome: "pending" });
    expect(await pendingOf()).toEqual({
      definitionId: v2,
      continueAt: "label",
    });
    await send("POST", `/v1/workflow-runs/${run.id}/resume`, { signalType: "go" });
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    expect(done.steps.map((step) => step.stepName)).toEqual(["hold", "label"]);
    expect([hits.get("/weigh"), hits.get("/inspect")]).toEqual([undefined, undefined]);
    const events = await allEvents(t.request, a.apiKey, run.id);
    const landed = events.find((event) => event.eventType === "WORKFLOW_UPGRADED");
    expect(landed?.payload).toEqual({ fromDefinitionId: v1, toDefinitionId: v2, nextStepName: "label" });
  });

  it("lands a compatible upgrade at the next step boundary, and the run then follows the new version's steps", async () => {
    const { v1, v2, run } = await waitingOnV1(
      "shipping",
      [http("ship", "/ship/v1")],
      [http("audit", "/audit"), http("ship", "/ship/v2")],
    );

    const upgraded = await expectData<{ outcome: string }>(
      await send("POST", `/v1/workflow-runs/${run.id}/upgrade`, { definitionId: v2 }),
      200,
    );

    expect(upgraded).toMatchObject({ outcome: "pending", fromDefinitionId: v1, toDefinitionId: v2 });
    expect(await getRun(t.request, a.apiKey, run.id)).toMatchObject({
      definitionId: v1,
      pendingUpgrade: { definitionId: v2 },
    });
    await send("POST", `/v1/workflow-runs/${run.id}/resume`, { signalType: "go" });
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    expect(done).toMatchObject({ definitionId: v2, originalDefinitionId: v1 });
    expect(done.steps.map((step) => step.stepName)).toEqual(["hold", "audit", "ship"]);
    expect([hits.get("/audit"), hits.get("/ship/v2"), hits.get("/ship/v1")]).toEqual([1, 1, undefined]);
    const events = await allEvents(t.request, a.apiKey, run.id);
    const landed = events.find((event) => event.eventType === "WORKFLOW_UPGRADED");
    expect(landed?.payload).toEqual({ fromDefinitionId: v1, toDefinitionId: v2, nextStepName: "audit" });
    // Listed under the definition it was created on.
    const listed = await listRuns(t.request, a.apiKey, { definitionId: v1 });
    expect(listed.data.map((listedRun) => listedRun.id)).toContain(run.id);
  });

  it("migrates a definition's live runs in bulk, with a report per run", async () => {
    const v1 = await define("bulk", "1", [
      { type: "external_event", name: "hold", signalType: "go" },
      { type: "task", name: "end", handler: "noop", config: {} },
    ]);
    const v2 = await define("bulk", "2", [
      { type: "external_event", name: "hold", signalType: "go" },
      { type: "task", name: "end", handler: "noop", config: {} },
      { type: "task", name: "extra", handler: "noop", config: {} },
    ]);
    const waiting = await startRun(t.request, a.apiKey, { definitionId: v1 });
    const finished = await startRun(t.request, a.apiKey, { definitionId: v1 });
    await waitForRun(t.request, a.apiKey, waiting.id, withStatus("WAITING"));
    await waitForRun(t.request, a.apiKey, finished.id, withStatus("WAITING"));
    await send("POST", `/v1/workflow-runs/${finished.id}/cancel`);
    const migrate = (body: unknown) => send("POST", `/v1/workflow-definitions/${v1}/migrate-runs`, body);

    const dry = await expectData<{ results: unknown[]; hasMore: boolean; total: number }>(
      await migrate({ toDefinitionId: v2, dryRun: true }),
      200,
    );
    expect(dry).toMatchObject({ total: 2, hasMore: false });
    expect(dry.results).toEqual([
      expect.objectContaining({ runId: waiting.id, outcome: "compatible", incompatibilities: [] }),
    ]);
    const moved = await expectData<{ results: unknown[] }>(
      await migrate({ toDefinitionId: v2, dryRun: false }),
      200,
    );
    expect(moved.results).toEqual([expect.objectContaining({ runId: waiting.id, outcome: "pending" })]);

    await send("POST", `/v1/workflow-runs/${waiting.id}/resume`, { signalType: "go" });
    const done = await waitForRun(t.request, a.apiKey, waiting.id, withStatus("COMPLETED"));
    expect(done.steps.map((step) => step.stepName)).toEqual(["hold", "end", "extra"]);
    await expectError(
      await migrate({ toDefinitionId: v2, dryRun: false, statuses: ["COMPLETED"] }),
      400,
      "VALIDATION_ERROR",
    );
  });
});
