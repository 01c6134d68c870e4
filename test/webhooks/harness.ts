import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { expect } from "vitest";
import type { CreatedWebhook, WebhookDelivery } from "../../core/domain/webhook";
import { signUp, withKey } from "../helpers/accounts";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** A request as a webhook receiver got it: the raw body exactly as sent, before any parsing. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  atMs: number;
}

export interface Receiver {
  url: string;
  requests: Received[];
}

/**
 * A webhook receiver on 127.0.0.1. `respond` decides each answer from the request and its 1-based number; it
 * may wait before answering. Closed after the file's tests.
 */
export async function startReceiver(
  respond: (request: Received, n: number, res: ServerResponse) => void | Promise<void> = (_r, _n, res) =>
    answer(res, 200),
): Promise<Receiver> {
  const requests: Received[] = [];
  const base = await startLoopbackServer((req, rawBody, res) => {
    const received: Received = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      rawBody,
      atMs: Date.now(),
    };
    requests.push(received);
    return respond(received, requests.length, res);
  });
  return { url: `${base}/hooks`, requests };
}

/** The event a receiver got, parsed from its raw body. */
export function eventBody(request: Received) {
  return JSON.parse(request.rawBody) as {
    event: string;
    workflowRunId: string;
    parentRunId?: string;
    workspaceId: string;
    data: Record<string, unknown>;
    timestamp: string;
  };
}

export function answer(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ ok: status < 300 }));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value (not undefined); fails the test after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

export interface WebhookHarness {
  t: TestApp;
  apiKey: string;
  workspaceId: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
  register(url: string, events: string[]): Promise<CreatedWebhook>;
  /** Defines a workflow with these steps and starts a run of it; returns the run id. */
  run(steps: unknown[], input?: Record<string, unknown>): Promise<string>;
  waitForRun(runId: string, statuses: string[]): Promise<void>;
  /** The webhook's delivery log, first page of 100. */
  deliveries(webhookId: string): Promise<WebhookDelivery[]>;
  /** Waits until the webhook's deliveries are all final (delivered, failed or cancelled). */
  settled(webhookId: string, count: number): Promise<WebhookDelivery[]>;
}

/**
 * The real local service (engine, in-process queues, DynamoDB Local) with one signed-up workspace. Retries
 * are fast by default (50 ms, then 100 ms) and time runs for real.
 */
export async function webhookHarness(env: Record<string, string> = {}): Promise<WebhookHarness> {
  const t = await createTestApp(
    {
      ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_RETRY_DELAYS_MS: "50,100",
      RATE_LIMIT_PER_MINUTE: "1000000",
      ...env,
    },
    { realTime: true },
  );
  const { apiKey, workspaceId } = await signUp(t);
  const call = (method: string, path: string, body?: unknown) =>
    t.request(method, path, { body, headers: withKey(apiKey) });
  let definitions = 0;

  const deliveries = async (webhookId: string) => {
    const response = await call("GET", `/v1/webhooks/${webhookId}/deliveries?pageSize=100`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: WebhookDelivery[] }).data;
  };

  return {
    t,
    apiKey,
    workspaceId,
    call,
    async register(url, events) {
      return expectData<CreatedWebhook>(await call("POST", "/v1/webhooks", { url, events }), 201);
    },
    async run(steps, input = {}) {
      definitions += 1;
      const definition = await expectData<{ id: string }>(
        await call("POST", "/v1/workflow-definitions", { name: `hooks-${definitions}`, version: "1", steps }),
        201,
      );
      const run = await expectData<{ id: string }>(
        await call("POST", "/v1/workflow-runs", { definitionId: definition.id, input }),
        201,
      );
      return run.id;
    },
    async waitForRun(runId, statuses) {
      await eventually(
        async () => {
          const run = await t.deps.store.runs.get(workspaceId, runId);
          return run && statuses.includes(run.status) ? run : undefined;
        },
        `run ${runId} to be ${statuses.join("/")}`,
      );
    },
    deliveries,
    async settled(webhookId, count) {
      return eventually(async () => {
        const log = await deliveries(webhookId);
        return log.length === count && log.every((delivery) => delivery.status !== "pending")
          ? log
          : undefined;
      }, `${count} settled deliveries of ${webhookId}`);
    },
  };
}

export const noop = (name: string) => ({ type: "task", name, handler: "noop", config: {} });

/** The delivery's attempts as [status code or error] pairs, for readable assertions. */
export function attemptsOf(delivery: WebhookDelivery): (number | string | null)[] {
  expect(delivery.attempts).toBe(delivery.attemptLog.length);
  return delivery.attemptLog.map((attempt) => attempt.statusCode ?? attempt.error);
}
