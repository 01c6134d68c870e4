import { expect } from "vitest";
import { withKey } from "./accounts";
import type { EventBody, PageBody, PageMeta, RunBody, RunWithSteps } from "./api-types";
import { expectData, expectError, issuePaths } from "./requests";

/**
 * Requests about workflow runs, as a client makes them, against either a test app (`t.request`) or the real
 * `npm start` service (`remoteSender(url)`): both answer with a fetch Response.
 */
export type Send = (
  method: string,
  path: string,
  init?: { body?: unknown; headers?: Record<string, string> },
) => Promise<Response>;

/** A Send for a service reached over HTTP. */
export function remoteSender(baseUrl: string): Send {
  return (method, path, init = {}) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}

export async function createDefinition(
  send: Send,
  apiKey: string,
  steps: unknown[],
  name = "flow",
): Promise<{ id: string }> {
  return expectData<{ id: string }>(
    await send("POST", "/v1/workflow-definitions", {
      body: { name, version: "1", steps },
      headers: withKey(apiKey),
    }),
    201,
  );
}

/** Starts a run and asserts the 201 answer. */
export async function startRun(send: Send, apiKey: string, body: Record<string, unknown>): Promise<RunBody> {
  return expectData<RunBody>(
    await send("POST", "/v1/workflow-runs", { body, headers: withKey(apiKey) }),
    201,
  );
}

export async function getRun(send: Send, apiKey: string, runId: string): Promise<RunWithSteps> {
  return expectData<RunWithSteps>(
    await send("GET", `/v1/workflow-runs/${runId}`, { headers: withKey(apiKey) }),
    200,
  );
}

/** A paginated answer: asserts the status and the exact envelope `{success, data, meta}`. */
export async function expectPage<T>(response: Response, status = 200): Promise<PageBody<T>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const json = JSON.parse(text) as { success: boolean; data: T[]; meta: PageMeta };
  expect(json).toEqual({
    success: true,
    data: expect.any(Array),
    meta: {
      page: expect.any(Number),
      pageSize: expect.any(Number),
      total: expect.any(Number),
      totalPages: expect.any(Number),
    },
  });
  return { data: json.data, meta: json.meta };
}

/** GETs `path` with `query` as its search string, with the key, and asserts a page of T. */
async function getPage<T>(
  send: Send,
  apiKey: string,
  path: string,
  query: Record<string, string | number>,
): Promise<PageBody<T>> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return expectPage<T>(await send("GET", search ? `${path}?${search}` : path, { headers: withKey(apiKey) }));
}

export function listRuns(
  send: Send,
  apiKey: string,
  query: Record<string, string | number> = {},
): Promise<PageBody<RunBody>> {
  return getPage<RunBody>(send, apiKey, "/v1/workflow-runs", query);
}

export function listEvents(
  send: Send,
  apiKey: string,
  runId: string,
  query: Record<string, string | number> = {},
): Promise<PageBody<EventBody>> {
  return getPage<EventBody>(send, apiKey, `/v1/workflow-runs/${runId}/events`, query);
}

/** GETs `path` (a list with a bad query) and asserts 400 VALIDATION_ERROR naming `field`. */
export async function expectQueryRejected(
  send: Send,
  apiKey: string,
  path: string,
  field: string,
): Promise<void> {
  const error = await expectError(
    await send("GET", path, { headers: withKey(apiKey) }),
    400,
    "VALIDATION_ERROR",
  );
  expect(issuePaths(error)).toContain(field);
}

/** Every event of a run, oldest first (the largest page the API allows, page after page). */
export async function allEvents(send: Send, apiKey: string, runId: string): Promise<EventBody[]> {
  const events: EventBody[] = [];
  for (let page = 1; ; page++) {
    const { data, meta } = await listEvents(send, apiKey, runId, { page, pageSize: 100 });
    events.push(...data);
    if (page >= meta.totalPages) return events;
  }
}

/**
 * Polls the run until `done` holds, for runs moved by timers or another process; fails with the run's
 * last state after `timeoutMs`.
 */
export async function waitForRun(
  send: Send,
  apiKey: string,
  runId: string,
  done: (run: RunWithSteps) => boolean,
  timeoutMs = 20_000,
): Promise<RunWithSteps> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await getRun(send, apiKey, runId);
    if (done(run)) return run;
    if (Date.now() > deadline) {
      throw new Error(`run ${runId} did not get there in ${timeoutMs} ms: ${JSON.stringify(run)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const withStatus = (status: string) => (run: RunBody) => run.status === status;

/** An http task step that POSTs to `target + path` and is not retried, so a failure shows at once. */
export const httpStep = (target: string, name: string, path: string) => ({
  type: "task",
  name,
  handler: "http",
  config: { url: `${target}${path}`, method: "POST" },
  retry: { maxAttempts: 1, backoffMs: 1000, backoffMultiplier: 1, maxBackoffMs: 1000 },
});
