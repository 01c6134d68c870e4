import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { allEvents, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Concurrency keys and priority (docs/triggers.md, "Concurrency, priority and throttle"), end to end over HTTP
 * on DynamoDB Local: the http target counts the requests in flight at once, and holds each until the test lets
 * it go, so exactly one place frees at a time and the order runs start in is the queue's.
 */
let t: TestApp;
let a: SignedUp;
let target: string;
let inFlight = 0;
let maxInFlight = 0;
/** Requests the target holds, oldest first; `arrived` lists every request's `n` in arrival order. */
const held: { n: number; answer: () => void }[] = [];
const arrived: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000", WORKER_CONCURRENCY: "16" }, { realTime: true });
  a = await signUp(t);
  target = await startLoopbackServer((request, _body, response) => {
    const n = Number(/\/work\/(\d+)/.exec(request.url ?? "")?.[1]);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    arrived.push(n);
    held.push({
      n,
      answer: () => {
        inFlight -= 1;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ n }));
      },
    });
  });
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

async function define(body: Record<string, unknown>): Promise<string> {
  const steps = [
    {
      type: "task",
      name: "work",
      handler: "http",
      config: { url: `${target}/work/{{input.n}}`, method: "POST" },
      retry: { maxAttempts: 1, backoffMs: 1000, backoffMultiplier: 1, maxBackoffMs: 1000 },
    },
  ];
  const created = await expectData<{ id: string }>(
    await send("POST", "/v1/workflow-definitions", { name: "limited", version: "1", steps, ...body }),
    201,
  );
  return created.id;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface LimitedRun extends RunBody {
  priority?: number;
  concurrencyKey?: string;
  waitingFor?: string;
}

describe("a concurrency limit of 3 on one key", () => {
  it("runs 20 runs never more than 3 at once, all to completion, the waiting ones by priority then creation", async () => {
    const definitionId = await define({ concurrency: { limit: 3, key: "{{input.customer}}" } });
    const runs: LimitedRun[] = [];
    // The first 3 take the places (started before the others are created, which would otherwise queue
    // ahead of them); of the 17 after them, odd ones are urgent (9), even ones not (1).
    for (let n = 0; n < 20; n++) {
      const priority = n < 3 ? undefined : n % 2 === 1 ? 9 : 1;
      runs.push(
        await startRun(t.request, a.apiKey, {
          definitionId,
          input: { customer: "acme", n },
          ...(priority === undefined ? {} : { priority }),
        }),
      );
      if (n === 2) await until(() => held.length === 3, "the first three requests");
    }
    expect(runs[3]).toMatchObject({ priority: 9, concurrencyKey: "acme" });
    await until(
      async () => (await listRuns(t.request, a.apiKey, { waitingFor: "concurrency" })).meta.total === 17,
      "17 runs waiting for the slot",
    );
    const waiting = await listRuns(t.request, a.apiKey, { waitingFor: "concurrency", pageSize: 100 });
    expect(
      waiting.data.every((run: LimitedRun) => run.status === "PENDING" && run.waitingFor === "concurrency"),
    ).toBe(true);

    // One place frees at a time: the next request to arrive is the queue's head.
    for (let started = 3; started < 20; started++) {
      held.shift()?.answer();
      await until(() => arrived.length === started + 1, `start number ${started + 1}`);
    }
    for (const request of held.splice(0)) request.answer();
    for (const run of runs) await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));

    expect(maxInFlight).toBe(3);
    const urgent = [3, 5, 7, 9, 11, 13, 15, 17, 19];
    const later = [4, 6, 8, 10, 12, 14, 16, 18];
    expect(arrived.slice(0, 3).sort((x, y) => x - y)).toEqual([0, 1, 2]);
    expect(arrived.slice(3)).toEqual([...urgent, ...later]);
    expect((await listRuns(t.request, a.apiKey, { waitingFor: "concurrency" })).meta.total).toBe(0);
  });
});

describe("retrying a failed run under a concurrency limit", () => {
  it("answers 409 while the places are taken, and retries once the run holding them ends", async () => {
    const steps = [
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
    const { id: definitionId } = await expectData<{ id: string }>(
      await send("POST", "/v1/workflow-definitions", {
        name: "one",
        version: "1",
        steps,
        concurrency: { limit: 1 },
      }),
      201,
    );
    const failed = await startRun(t.request, a.apiKey, { definitionId, input: { fail: true } });
    await waitForRun(t.request, a.apiKey, failed.id, withStatus("FAILED"));
    const holding = await startRun(t.request, a.apiKey, { definitionId, input: { fail: false } });
    await waitForRun(t.request, a.apiKey, holding.id, withStatus("WAITING"));

    const refused = await expectError(
      await send("POST", `/v1/workflow-runs/${failed.id}/retry`),
      409,
      "CONFLICT",
    );
    expect(refused.message).toContain("concurrency limit (1)");
    await expectData(
      await send("POST", `/v1/workflow-runs/${holding.id}/resume`, { signalType: "go", payload: {} }),
      200,
    );
    await waitForRun(t.request, a.apiKey, holding.id, withStatus("COMPLETED"));
    await expectData(await send("POST", `/v1/workflow-runs/${failed.id}/retry`), 200);
    await waitForRun(t.request, a.apiKey, failed.id, withStatus("FAILED"));
  });
});

describe("a throttle of 2 starts a second", () => {
  it("starts 6 runs created at once at most 2 in any second, the others waiting for the throttle meanwhile", async () => {
    const steps = [{ type: "task", name: "a", handler: "noop", config: {} }];
    const { id: definitionId } = await expectData<{ id: string }>(
      await send("POST", "/v1/workflow-definitions", {
        name: "throttled",
        version: "1",
        steps,
        throttle: { limit: 2, periodMs: 1000 },
      }),
      201,
    );
    // Created at once, and listed until the engine has held some back, however slow the machine.
    const runs: RunBody[] = await Promise.all(
      Array.from({ length: 6 }, (_, n) => startRun(t.request, a.apiKey, { definitionId, input: { n } })),
    );
    let waiting = await listRuns(t.request, a.apiKey, { waitingFor: "throttle" });
    for (let tries = 0; waiting.meta.total === 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      waiting = await listRuns(t.request, a.apiKey, { waitingFor: "throttle" });
    }
    expect(waiting.meta.total).toBeGreaterThan(0);
    expect(waiting.data.every((run: LimitedRun) => run.waitingFor === "throttle")).toBe(true);

    const startedAt: number[] = [];
    for (const run of runs) {
      await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
      const started = (await allEvents(t.request, a.apiKey, run.id)).find(
        (event) => event.eventType === "WORKFLOW_STARTED",
      );
      startedAt.push(Date.parse(started?.createdAt ?? ""));
    }
    startedAt.sort((x, y) => x - y);
    for (let i = 2; i < startedAt.length; i++) {
      expect((startedAt[i] ?? 0) - (startedAt[i - 2] ?? 0)).toBeGreaterThanOrEqual(1000);
    }
  });
});

describe("concurrency settings", () => {
  it("refuses a limit over 1000, a priority over 9, and a concurrencyKey for a definition without a limit", async () => {
    const tooMany = await expectError(
      await send("POST", "/v1/workflow-definitions", {
        name: "x",
        version: "1",
        steps: [{ type: "task", name: "a", handler: "noop", config: {} }],
        concurrency: { limit: 1001 },
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(tooMany)).toContain("concurrency.limit");
    const plain = await define({});
    const urgent = await expectError(
      await send("POST", "/v1/workflow-runs", { definitionId: plain, priority: 10 }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(urgent)).toContain("priority");
    const keyed = await expectError(
      await send("POST", "/v1/workflow-runs", { definitionId: plain, concurrencyKey: "acme" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(keyed)).toContain("concurrencyKey");
  });
});
