import { beforeAll, expect, it } from "vitest";
import { runDoorbell } from "../../core/domain/run-messages";
import { signUp } from "../helpers/accounts";
import { startLoopbackServer } from "../helpers/loopback-server";
import { allEvents, createDefinition, getRun, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let apiKey: string;
let workspaceId: string;
let target: string;
/** Per path: the app clock's time of each request. The first is refused, every later one answered. */
const arrivals = new Map<string, number[]>();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" });
  ({ apiKey, workspaceId } = await signUp(t));
  target = await startLoopbackServer((request, _body, response) => {
    const path = request.url ?? "";
    const seen = arrivals.get(path) ?? [];
    seen.push(t.clock.nowMs());
    arrivals.set(path, seen);
    if (seen.length > 1) response.writeHead(200, { "content-type": "application/json" }).end("{}");
    else if (path === "/limited") response.writeHead(429, { "Retry-After": "3" }).end("slow down");
    else response.writeHead(503, { "Retry-After": "3600" }).end("down for maintenance");
  });
});

/** Starts a run of one http step to `path`, and lets its first attempt fail. */
async function firstAttempt(path: string, maxBackoffMs: number): Promise<string> {
  const definition = await createDefinition(t.request, apiKey, [
    {
      type: "task",
      name: "call",
      handler: "http",
      config: { url: `${target}${path}`, method: "POST" },
      retry: { maxAttempts: 2, backoffMs: 100, maxBackoffMs },
    },
  ]);
  const run = await startRun(t.request, apiKey, { definitionId: definition.id, input: {} });
  // The retry's doorbell rings on the wall's time too; on this clock, nothing is due yet when it does.
  await t.idle();
  expect(arrivals.get(path)).toHaveLength(1);
  return run.id;
}

/** Moves the app's clock on by `ms` and rings the run's doorbell, as its delayed one would have then. */
async function after(runId: string, ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.deps.queue.send(runDoorbell(workspaceId, runId));
  await t.idle();
}

/** The STEP_RETRYING payload, once a retry `delayMs` after the first attempt made the second request. */
async function retriedAfter(path: string, runId: string, delayMs: number): Promise<unknown> {
  await after(runId, delayMs - 1);
  expect(arrivals.get(path)).toHaveLength(1);
  await after(runId, 1);
  expect(arrivals.get(path)).toHaveLength(2);
  const events = await allEvents(t.request, apiKey, runId);
  return events.find((event) => event.eventType === "STEP_RETRYING")?.payload;
}

it("starts the next attempt of an http step 3 s after its 429 with Retry-After: 3, not after the backoff", async () => {
  const runId = await firstAttempt("/limited", 60_000);

  const retrying = await retriedAfter("/limited", runId, 3000);

  const [first = 0, second = 0] = arrivals.get("/limited") ?? [];
  expect(second - first).toBe(3000);
  expect((await getRun(t.request, apiKey, runId)).status).toBe("COMPLETED");
  expect(retrying).toMatchObject({ attempt: 2, delayMs: 3000, retryAfterMs: 3000 });
});

it("waits no longer than the step's maxBackoffMs when Retry-After asks for more", async () => {
  const runId = await firstAttempt("/maintenance", 2000);

  const retrying = await retriedAfter("/maintenance", runId, 2000);

  expect(retrying).toMatchObject({ delayMs: 2000, retryAfterMs: 3_600_000 });
});
