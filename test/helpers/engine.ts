import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect } from "vitest";
import type { RunRecord } from "../../core/engine/run-record";
import { signUp, withKey } from "./accounts";
import { expectData } from "./requests";
import { createTestApp, type TestApp } from "./test-app";

export interface StepRunBody {
  id: string;
  stepName: string;
  stepType: string;
  status: string;
  attempt: number;
  input: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  error: string | null;
}

export interface RunBody {
  id: string;
  status: string;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  currentStepName: string | null;
  createdAt: string;
  updatedAt: string;
  steps: StepRunBody[];
}

export interface EventBody {
  id: string;
  workflowRunId: string;
  stepRunId: string | null;
  eventType: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

export interface ApprovalBody {
  id: string;
  workflowRunId: string;
  stepRunId: string;
  stepName: string;
  contentKey: string;
  content: Record<string, unknown>;
  prompt: string | null;
  decision: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

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
  getRun(runId: string): Promise<RunBody>;
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
  const harness: EngineHarness = {
    t,
    apiKey,
    workspaceId,
    call,
    async define(steps) {
      definitions += 1;
      const body = { name: `engine-test-${definitions}`, version: "1", steps };
      const created = await expectData<{ id: string }>(
        await call("POST", "/v1/workflow-definitions", body),
        201,
      );
      return created.id;
    },
    async start(definitionId, input = {}) {
      const run = await expectData<{ id: string }>(
        await call("POST", "/v1/workflow-runs", { definitionId, input }),
        201,
      );
      return run.id;
    },
    async getRun(runId) {
      return expectData<RunBody>(await call("GET", `/v1/workflow-runs/${runId}`), 200);
    },
    async events(runId) {
      const all: EventBody[] = [];
      for (let page = 1; ; page++) {
        const response = await call("GET", `/v1/workflow-runs/${runId}/events?page=${page}&pageSize=100`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as { data: EventBody[]; meta: { totalPages: number } };
        all.push(...body.data);
        if (page >= body.meta.totalPages) return all;
      }
    },
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
  return harness;
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
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const received = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      requests.push(received);
      void Promise.resolve(respond(received, requests.length, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests };
}

export function answer(res: ServerResponse, status: number, body: unknown = { ok: status < 300 }): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
