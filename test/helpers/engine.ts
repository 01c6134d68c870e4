import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { RunRecord } from "../../core/domain/run-record";
import { signUp, withKey } from "./accounts";
import type { ApprovalBody, EventBody, RunWithSteps } from "./api-types";
import { startLoopbackServer } from "./loopback-server";
import { expectData } from "./requests";
import { allEvents, createDefinition, getRun, startRun } from "./runs";
import { createTestApp, type TestApp } from "./test-app";

/** A test app with one signed-up workspace and the run API as plain functions. */
export interface EngineHarness {
  t: TestApp;
  apiKey: string;
  workspaceId: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
  /** Stores a definition with these steps and returns its id. */
  define(steps: unknown[]): Promise<string>;
  /** Starts a run (201) and returns its id. */
  start(definitionId: string, input?: Record<string, unknown>): Promise<string>;
  getRun(runId: string): Promise<RunWithSteps>;
  /** Every event of the run, oldest first, across all pages. */
  events(runId: string): Promise<EventBody[]>;
  approvals(pending?: "true" | "false"): Promise<ApprovalBody[]>;
  /** Polls the store until the run has one of `statuses`; fails the test after `timeoutMs`. */
  waitFor(runId: string, statuses: string[], timeoutMs?: number): Promise<RunRecord>;
}

export async function engineHarness(options: { realTime?: boolean } = {}): Promise<EngineHarness> {
  const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, options);
  const { apiKey, workspaceId } = await signUp(t);
  const call = (method: string, path: string, body?: unknown) =>
    t.request(method, path, { body, headers: withKey(apiKey) });

  let definitions = 0;
  return {
    t,
    apiKey,
    workspaceId,
    call,
    async define(steps) {
      definitions += 1;
      return (await createDefinition(t.request, apiKey, steps, `engine-test-${definitions}`)).id;
    },
    async start(definitionId, input = {}) {
      return (await startRun(t.request, apiKey, { definitionId, input })).id;
    },
    getRun: (runId) => getRun(t.request, apiKey, runId),
    events: (runId) => allEvents(t.request, apiKey, runId),
    async approvals(pending) {
      const query = pending === undefined ? "" : `?pending=${pending}`;
      return expectData<ApprovalBody[]>(await call("GET", `/v1/approval-requests${query}`), 200);
    },
    async waitFor(runId, statuses, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const run = await t.deps.store.runs.get(workspaceId, runId);
        if (run && statuses.includes(run.status)) return run;
        if (Date.now() > deadline) {
          throw new Error(`run ${runId} is ${run?.status}, not ${statuses.join("/")}, after ${timeoutMs} ms`);
        }
        await sleep(10);
      }
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const eventTypes = (events: EventBody[]) => events.map((event) => event.eventType);

export const task = (name: string, handler: string, config: Record<string, unknown> = {}) => ({
  type: "task",
  name,
  handler,
  config,
});

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP server on 127.0.0.1 for `http` steps. `respond` decides each answer from the request and
 * its 1-based number; it may delay or hold the answer. Closed after the file's tests.
 */
export async function startTestServer(
  respond: (request: ReceivedRequest, n: number, res: ServerResponse) => void | Promise<void>,
): Promise<{ url: string; requests: ReceivedRequest[] }> {
  const requests: ReceivedRequest[] = [];
  const url = await startLoopbackServer((req, body, res) => {
    const received = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
    requests.push(received);
    return respond(received, requests.length, res);
  });
  return { url, requests };
}

export function answer(res: ServerResponse, status: number, body: unknown = { ok: status < 300 }): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
