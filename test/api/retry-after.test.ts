import { afterAll, beforeAll, expect, it } from "vitest";
import { runDoorbell } from "../../core/domain/run-messages";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { signUp } from "../helpers/accounts";
import { startLoopbackServer } from "../helpers/loopback-server";
import { allEvents, createDefinition, getRun, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let apiKey: string;
let workspaceId: string;
let target: string;
let openai: OpenAiFake;
/** Per path: the app clock's time of each request. The first is refused, every later one answered. */
const arrivals = new Map<string, number[]>();

beforeAll(async () => {
  openai = await startOpenAiFake();
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: "1000000",
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: "sk-server-openai-000000000",
  });
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
afterAll(() => openai.close());

/** Starts a run of `step` and lets its first attempt fail; `made` counts the requests it made. */
async function firstAttempt(step: Record<string, unknown>, made: () => number): Promise<string> {
  const definition = await createDefinition(t.request, apiKey, [step]);
  const run = await startRun(t.request, apiKey, { definitionId: definition.id, input: {} });
  // The retry's doorbell rings on the wall's time too; on this clock, nothing is due yet when it does.
  await t.idle();
  expect(made()).toBe(1);
  return run.id;
}

/** Moves the app's clock on by `ms` and rings the run's doorbell, as its delayed one would have then. */
async function after(runId: string, ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.deps.queue.send(runDoorbell(workspaceId, runId));
  await t.idle();
}

/** The STEP_RETRYING payload, once the second request came `delayMs` after the first and not sooner. */
async function retriedAfter(runId: string, delayMs: number, made: () => number): Promise<unknown> {
  await after(runId, delayMs - 1);
  expect(made()).toBe(1);
  await after(runId, 1);
  expect(made()).toBe(2);
  expect((await getRun(t.request, apiKey, runId)).status).toBe("COMPLETED");
  const events = await allEvents(t.request, apiKey, runId);
  return events.find((event) => event.eventType === "STEP_RETRYING")?.payload;
}

const httpStep = (path: string, maxBackoffMs: number) => ({
  type: "task",
  name: "call",
  handler: "http",
  config: { url: `${target}${path}`, method: "POST" },
  retry: { maxAttempts: 2, backoffMs: 100, maxBackoffMs },
});
const calls = (path: string) => () => arrivals.get(path)?.length ?? 0;

it("starts the next attempt of an http step 3 s after its 429 with Retry-After: 3, not after the backoff", async () => {
  const runId = await firstAttempt(httpStep("/limited", 60_000), calls("/limited"));

  const retrying = await retriedAfter(runId, 3000, calls("/limited"));

  const [first = 0, second = 0] = arrivals.get("/limited") ?? [];
  expect(second - first).toBe(3000);
  expect(retrying).toMatchObject({ attempt: 2, delayMs: 3000, retryAfterMs: 3000 });
});

it("waits no longer than the step's maxBackoffMs when Retry-After asks for more", async () => {
  const runId = await firstAttempt(httpStep("/maintenance", 2000), calls("/maintenance"));

  const retrying = await retriedAfter(runId, 2000, calls("/maintenance"));

  expect(retrying).toMatchObject({ delayMs: 2000, retryAfterMs: 3_600_000 });
});

const llmStep = {
  type: "llm",
  name: "draft",
  model: "gpt-4o-mini",
  messages: [{ role: "user", content: "Hi" }],
  retry: { maxAttempts: 2, backoffMs: 100 },
};

it("waits as long as OpenAI's 429 asks in retry-after-ms before the llm step's next attempt", async () => {
  openai.reset();
  openai.reply(
    { error: { status: 429, message: "Rate limit reached", headers: { "retry-after-ms": "2500" } } },
    { text: "Hello" },
  );
  const runId = await firstAttempt(llmStep, () => openai.requests.length);

  const retrying = await retriedAfter(runId, 2500, () => openai.requests.length);

  expect(retrying).toMatchObject({ delayMs: 2500, retryAfterMs: 2500 });
});

it("waits for the reset of OpenAI's used-up limit when its 429 names no Retry-After", async () => {
  openai.reset();
  const resets = {
    "x-ratelimit-remaining-requests": "5",
    "x-ratelimit-reset-requests": "1m0s",
    "x-ratelimit-remaining-tokens": "0",
    "x-ratelimit-reset-tokens": "4.5s",
  };
  openai.reply({ error: { status: 429, message: "Rate limit reached", headers: resets } }, { text: "Hello" });
  const runId = await firstAttempt(llmStep, () => openai.requests.length);

  const retrying = await retriedAfter(runId, 4500, () => openai.requests.length);

  expect(retrying).toMatchObject({ delayMs: 4500, retryAfterMs: 4500 });
});
