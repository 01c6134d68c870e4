import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { StepError } from "../../../core/domain/step-error";
import { createGuardedHttp } from "../../../core/outbound/guarded-http";
import { createHttpHandler } from "../../../core/steps/handlers/http";
import type { TaskContext } from "../../../core/steps/handlers/task-handler";
import { startLoopbackServer } from "../../helpers/loopback-server";

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let base: string;
const received: Received[] = [];

beforeAll(async () => {
  base = await startLoopbackServer((request, body, response) => {
    received.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
    if (request.url === "/fail") response.writeHead(503).end("down");
    else if (request.url === "/busy") response.writeHead(429, { "Retry-After": "3" }).end("slow down");
    else if (request.url === "/busy-until") {
      response.writeHead(503, { "Retry-After": "Fri, 20 Nov 2026 12:00:07 GMT" }).end("later");
    } else if (request.url === "/teapot") response.writeHead(418, { "Retry-After": "3" }).end();
    else if (request.url === "/moved") response.writeHead(301, { Location: "/elsewhere" }).end();
    else if (request.url === "/text") response.writeHead(200, { "Content-Type": "text/plain" }).end("plain");
    else response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ echo: body }));
  });
});

function context(config: Record<string, unknown>): TaskContext {
  return {
    config,
    state: {},
    workspaceId: "ws_1",
    runId: "run_1",
    stepName: "call",
    stepRunId: "sr_1",
    attempt: 2,
    idempotencyKey: "sr_1:2",
    nowMs: Date.parse("2026-11-20T12:00:00.000Z"),
  };
}

async function stepError(promise: Promise<unknown>): Promise<StepError> {
  const failure = await promise.catch((error: unknown) => error);
  if (failure instanceof StepError) return failure;
  throw new Error(`expected a StepError, got ${String(failure)}`);
}

const handler = createHttpHandler(createGuardedHttp({ allowPrivate: true }));

describe("the http task handler", () => {
  it("sends a JSON body with the idempotency key and parses the JSON answer", async () => {
    const result = await handler(
      context({ url: `${base}/echo`, method: "post", body: { name: "Ada", n: 1 } }),
    );
    const request = received.at(-1);

    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["idempotency-key"]).toBe("sr_1:2");
    expect(JSON.parse(request?.body ?? "")).toEqual({ name: "Ada", n: 1 });
    expect(result.output).toMatchObject({
      status: 200,
      headers: { "content-type": "application/json" },
      body: { echo: JSON.stringify({ name: "Ada", n: 1 }) },
    });
  });

  it("sends a string body as it is, keeps given headers and returns a text answer as text", async () => {
    const result = await handler(
      context({
        url: `${base}/text`,
        method: "PUT",
        headers: { "content-type": "text/csv", "idempotency-key": "mine" },
        body: "a,b\n1,2",
      }),
    );
    const request = received.at(-1);

    expect(request?.headers["content-type"]).toBe("text/csv");
    expect(request?.headers["idempotency-key"]).toBe("mine");
    expect(request?.body).toBe("a,b\n1,2");
    expect(result.output.body).toBe("plain");
  });

  it("defaults to GET without a body", async () => {
    await handler(context({ url: `${base}/get` }));

    expect(received.at(-1)).toMatchObject({ method: "GET", body: "" });
  });

  it("fails retryably on a non-2xx answer, a redirect included", async () => {
    const host = new URL(base).host;

    const failed = await stepError(handler(context({ url: `${base}/fail` })));
    const moved = await stepError(handler(context({ url: `${base}/moved` })));

    expect(failed).toMatchObject({ code: "HTTP_NON_2XX", retryable: true, message: `HTTP 503 from ${host}` });
    expect(moved).toMatchObject({ code: "HTTP_NON_2XX", retryable: true, message: `HTTP 301 from ${host}` });
    expect(received.some((request) => request.url === "/elsewhere")).toBe(false);
  });

  it("passes on the wait a 429 or 503 asks for, in seconds or as a date on the attempt's clock", async () => {
    const busy = await stepError(handler(context({ url: `${base}/busy` })));
    const until = await stepError(handler(context({ url: `${base}/busy-until` })));
    // Retry-After means nothing on other statuses (RFC 9110), so it is not read there.
    const teapot = await stepError(handler(context({ url: `${base}/teapot` })));

    expect(busy).toMatchObject({ code: "HTTP_NON_2XX", retryable: true, retryAfterMs: 3000 });
    expect(until.retryAfterMs).toBe(7000);
    expect(teapot.retryAfterMs).toBeUndefined();
  });

  it.each([
    [{}, "url"],
    [{ url: 42 }, "url"],
    [{ url: `${base}/x`, timeoutMs: 0 }, "timeoutMs"],
    [{ url: `${base}/x`, timeoutMs: 300_001 }, "timeoutMs"],
    [{ url: `${base}/x`, headers: { "X-Count": 3 } }, "headers.X-Count"],
    [{ url: `${base}/x`, headers: { "X-Evil": "a\r\nInjected: 1" } }, "headers.X-Evil"],
    [{ url: `${base}/x`, method: "GET /admin" }, "method"],
  ])("refuses the bad config %j without retrying, naming %s", async (config, field) => {
    const before = received.length;

    const error = await stepError(handler(context(config)));

    expect(error).toMatchObject({ code: "HANDLER_CONFIG", retryable: false });
    expect(error.message).toContain(`${field}:`);
    expect(received.length).toBe(before);
  });

  it("fails for good on a refused URL", async () => {
    const guarded = createHttpHandler(createGuardedHttp({ allowPrivate: false }));

    const error = await stepError(guarded(context({ url: `https://127.0.0.1:${new URL(base).port}/` })));

    expect(error).toMatchObject({ code: "URL_REFUSED", retryable: false });
  });

  it("fails retryably when the request does not complete", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await stepError(handler(context({ url: `http://127.0.0.1:${port}/` })));

    expect(error).toMatchObject({ code: "HTTP_FAILED", retryable: true });
    expect(error.message).toMatch(/^HTTP request to 127\.0\.0\.1:\d+ failed: connection failed/);
  });
});
