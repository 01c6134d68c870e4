import { afterAll, beforeAll } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { answer, type ReceivedRequest, startTestServer } from "../helpers/engine";
import { allEvents, expectPage } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of steps that run child runs (child-runs-*.test.ts): a real-time app of each file's
 * own with an OpenAI fake and workspace A (setUpChildRuns), an http target that the steps call, and reading
 * a run's children and events.
 */
export let t: TestApp;
export let a: SignedUp;
export let fake: OpenAiFake;
export let target: { url: string; requests: ReceivedRequest[] };

/** Told by the target when it starts answering a request and when it has answered it. */
export interface AnswerHooks {
  started(): void;
  answered(): void;
}

/**
 * Before the file's tests: starts the OpenAI fake, its app and the http target, and signs up A; after them,
 * closes the fake. Call once per file.
 */
export function setUpChildRuns(hooks?: AnswerHooks): void {
  beforeAll(async () => {
    fake = await startOpenAiFake();
    t = await createTestApp(
      {
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: "sk-server-key-000000000000",
        RATE_LIMIT_PER_MINUTE: "1000000",
      },
      { realTime: true },
    );
    a = await signUp(t);
    // /slow answers after 1.5 s, /items/* after 60 ms, /fail with 500; every answer echoes the request's body.
    target = await startTestServer(async (request, _n, res) => {
      hooks?.started();
      const delayMs = request.path === "/slow" ? 1500 : request.path.startsWith("/items") ? 60 : 0;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      hooks?.answered();
      answer(res, request.path === "/fail" ? 500 : 200, { echo: JSON.parse(request.body || "{}") });
    });
  });
  afterAll(() => fake.close());
}

export const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

export const call = (name: string, path: string, body: Record<string, unknown> = {}) => ({
  type: "task",
  name,
  handler: "http",
  config: { url: `${target.url}${path}`, method: "POST", body },
  retry: { maxAttempts: 1, backoffMs: 10 },
});

export const children = async (runId: string) =>
  (await expectPage<RunBody>(await send("GET", `/v1/workflow-runs?parentRunId=${runId}&pageSize=100`))).data;

export const eventsOf = async (runId: string, type: string) =>
  (await allEvents(t.request, a.apiKey, runId)).filter((event) => event.eventType === type);

export const waitForChild = async (runId: string, status: string) => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await children(runId)).find((child) => child.status === status);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${status} child of ${runId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
