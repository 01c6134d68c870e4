import type { ServerResponse } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { runDoorbell } from "../../core/domain/run-messages";
import { buildAdvancer } from "../../functions/advancer";
import {
  answer,
  type EngineHarness,
  engineHarness,
  eventTypes,
  type ReceivedRequest,
  startTestServer,
  task,
} from "../helpers/engine";
import { expectData, expectError } from "../helpers/requests";

let h: EngineHarness;
/** Per path: how many of its requests fail with 500 before it answers 200 (Infinity: always fails). */
const failuresBefore = new Map<string, number>();
let server: { url: string; requests: ReceivedRequest[] };

beforeAll(async () => {
  h = await engineHarness({ realTime: true });
  server = await startTestServer((request, _n, res) => {
    const seen = server.requests.filter((other) => other.path === request.path).length;
    answer(res, seen <= (failuresBefore.get(request.path) ?? 0) ? 500 : 200);
  });
});

const requestsTo = (path: string) => server.requests.filter((request) => request.path === path);

const callStep = (path: string) => ({
  ...task("call", "http", { url: `${server.url}${path}`, method: "POST", body: { hello: "world" } }),
  retry: { maxAttempts: 3, backoffMs: 50 },
});

describe("retry policy", () => {
  it("retries with growing backoff and completes when the server fails twice then answers 200", async () => {
    failuresBefore.set("/flaky", 2);
    const runId = await h.start(await h.define([callStep("/flaky")]));
    await h.waitFor(runId, ["COMPLETED", "FAILED"]);
    const run = await h.getRun(runId);
    expect(run.status).toBe("COMPLETED");
    expect(requestsTo("/flaky")).toHaveLength(3);
    expect(run.steps).toHaveLength(1);
    expect(run.steps[0]).toMatchObject({ status: "COMPLETED", attempt: 3 });
    expect(run.output?.call).toMatchObject({ status: 200, body: { ok: true } });

    const events = (await h.events(runId)).filter((event) => event.eventType.startsWith("STEP_"));
    expect(eventTypes(events)).toEqual([
      "STEP_STARTED",
      "STEP_FAILED",
      "STEP_RETRYING",
      "STEP_STARTED",
      "STEP_FAILED",
      "STEP_RETRYING",
      "STEP_STARTED",
      "STEP_COMPLETED",
    ]);
    expect(events[1]?.payload).toMatchObject({ stepName: "call", error: expect.stringContaining("500") });
    expect(events[2]?.payload).toMatchObject({ stepName: "call", attempt: 2, delayMs: 50 });
    expect(events[5]?.payload).toMatchObject({ stepName: "call", attempt: 3, delayMs: 100 });
    const gap = (a: number, b: number) =>
      Date.parse(events[b]?.createdAt ?? "") - Date.parse(events[a]?.createdAt ?? "");
    expect(gap(2, 3)).toBeGreaterThanOrEqual(50);
    expect(gap(5, 6)).toBeGreaterThanOrEqual(100);
  });

  it("sends an Idempotency-Key of <stepRunId>:<attempt> that changes with each attempt", async () => {
    failuresBefore.set("/keys", 2);
    const runId = await h.start(await h.define([callStep("/keys")]));
    await h.waitFor(runId, ["COMPLETED", "FAILED"]);
    const stepRunId = (await h.getRun(runId)).steps[0]?.id;
    expect(requestsTo("/keys").map((request) => request.headers["idempotency-key"])).toEqual([
      `${stepRunId}:1`,
      `${stepRunId}:2`,
      `${stepRunId}:3`,
    ]);
  });

  it("fails the run after exactly maxAttempts requests when the server always fails", async () => {
    failuresBefore.set("/down", Number.POSITIVE_INFINITY);
    const runId = await h.start(await h.define([callStep("/down")]));
    await h.waitFor(runId, ["FAILED"]);
    await h.t.idle();
    expect(requestsTo("/down")).toHaveLength(3);
    const run = await h.getRun(runId);
    expect(run.steps[0]).toMatchObject({
      status: "FAILED",
      attempt: 3,
      error: expect.stringContaining("500"),
    });
    const events = await h.events(runId);
    expect(eventTypes(events).filter((type) => type === "STEP_RETRYING")).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({
      eventType: "WORKFLOW_FAILED",
      payload: { error: run.steps[0]?.error, stepName: "call" },
    });
  });

  it("runs the failed step again, and not the steps before it, when a FAILED run is retried", async () => {
    failuresBefore.set("/later", 3);
    const runId = await h.start(await h.define([task("prepare", "noop"), callStep("/later")]));
    await h.waitFor(runId, ["FAILED"]);
    expect(requestsTo("/later")).toHaveLength(3);

    const data = await expectData(await h.call("POST", `/v1/workflow-runs/${runId}/retry`), 200);
    expect(data).toEqual({ retried: true, stepName: "call" });
    await h.waitFor(runId, ["COMPLETED", "FAILED"]);
    const run = await h.getRun(runId);
    expect(run.status).toBe("COMPLETED");
    expect(requestsTo("/later")).toHaveLength(4);
    expect(run.steps.map((step) => [step.stepName, step.status])).toEqual([
      ["prepare", "COMPLETED"],
      ["call", "COMPLETED"],
    ]);
    const events = await h.events(runId);
    expect(
      events.filter((event) => event.eventType === "STEP_STARTED" && event.payload.stepName === "prepare"),
    ).toHaveLength(1);
  });

  it("answers 400 when the run to retry is not FAILED", async () => {
    const runId = await h.start(await h.define([task("only", "noop")]));
    await h.waitFor(runId, ["COMPLETED"]);
    await expectError(await h.call("POST", `/v1/workflow-runs/${runId}/retry`), 400, "VALIDATION_ERROR");
    expect((await h.getRun(runId)).status).toBe("COMPLETED");
  });
});

describe("with a clock moved by hand", () => {
  let m: EngineHarness;
  beforeAll(async () => {
    m = await engineHarness();
  });

  /** Starts a run whose only step waits with a 1000 ms timeout, and lets the clock pass `ms`. */
  async function timedOut(step: Record<string, unknown>, ms: number) {
    const runId = await m.start(await m.define([{ ...step, timeoutMs: 1000 }, task("after", "noop")]));
    await m.waitFor(runId, ["WAITING", "PAUSED"]);
    m.t.clock.advance(ms);
    await m.t.sweep();
    await m.t.idle();
    return runId;
  }

  it("leaves a run PAUSED when its approval timeout has not passed yet", async () => {
    const runId = await timedOut({ type: "approval", name: "review", contentKey: "input" }, 900);
    expect((await m.getRun(runId)).status).toBe("PAUSED");
  });

  it("fails the step and the run, and expires the request, when an approval times out", async () => {
    const runId = await timedOut({ type: "approval", name: "review", contentKey: "input" }, 1500);
    const run = await m.getRun(runId);
    expect(run.status).toBe("FAILED");
    expect(run.steps[0]).toMatchObject({ stepName: "review", status: "FAILED", error: "approval timed out" });
    expect((await m.events(runId)).at(-1)).toMatchObject({
      eventType: "WORKFLOW_FAILED",
      payload: { error: "approval timed out", stepName: "review" },
    });

    const approval = (await m.approvals()).find((candidate) => candidate.workflowRunId === runId);
    expect(approval?.decision).toBeNull();
    expect((await m.approvals("true")).map((pending) => pending.id)).not.toContain(approval?.id);
    expect((await m.approvals("false")).map((decided) => decided.id)).not.toContain(approval?.id);
    const decide = await m.call("POST", `/v1/approval-requests/${approval?.id}/decide`, {
      decision: "approved",
    });
    await expectError(decide, 409, "CONFLICT");
  });

  it("fails the step and the run when an external event times out", async () => {
    const runId = await timedOut({ type: "external_event", name: "upload", signalType: "uploaded" }, 1500);
    const run = await m.getRun(runId);
    expect(run.status).toBe("FAILED");
    expect(run.steps[0]).toMatchObject({
      stepName: "upload",
      status: "FAILED",
      error: "external event timed out",
    });
    const resume = await m.call("POST", `/v1/workflow-runs/${runId}/resume`, { signalType: "uploaded" });
    await expectError(resume, 409, "CONFLICT");
  });

  it("repeats the Idempotency-Key when a second worker re-runs an attempt whose worker went silent", async () => {
    const held: ServerResponse[] = [];
    let arrived: () => void = () => {};
    const firstArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const slow = await startTestServer((_request, n, res) => {
      if (n === 1) {
        held.push(res);
        arrived();
        return;
      }
      answer(res, 200);
      for (const first of held) answer(first, 200);
    });
    const runId = await m.start(await m.define([task("call", "http", { url: `${slow.url}/once` })]));
    await firstArrived;

    // The first worker's lease (10 minutes) runs out while its request is still open.
    m.t.clock.advance(11 * 60_000);
    await buildAdvancer(m.t.deps)(runDoorbell(m.workspaceId, runId));
    await m.t.idle();

    const run = await m.getRun(runId);
    expect(run.status).toBe("COMPLETED");
    expect(slow.requests.map((request) => request.headers["idempotency-key"])).toEqual([
      `${run.steps[0]?.id}:1`,
      `${run.steps[0]?.id}:1`,
    ]);
    const events = eventTypes(await m.events(runId));
    expect(events.filter((type) => type === "STEP_COMPLETED")).toHaveLength(1);
    expect(events.filter((type) => type === "WORKFLOW_COMPLETED")).toHaveLength(1);
  });
});
