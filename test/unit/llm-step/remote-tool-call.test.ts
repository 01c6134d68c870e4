import { createHmac } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { StepError } from "../../../core/domain/step-error";
import { createGuardedHttp } from "../../../core/outbound/guarded-http";
import { systemClock } from "../../../core/ports/clock";
import { createToolCaller } from "../../../core/remote-tools/call-remote-tool";
import type { CallableTool } from "../../../core/remote-tools/find-tool";
import { signToolCall, verifyToolSignature } from "../../../core/remote-tools/signature";
import { createRemoteToolHandler } from "../../../core/steps/handlers/remote-tool";
import { startLoopbackServer } from "../../helpers/loopback-server";

const SECRET = "tsec_test-secret-0123456789";
let base: string;
const received: { headers: IncomingHttpHeaders; body: string; verified: boolean }[] = [];

/** A receiver as a customer would write it: raw body, timestamp window, HMAC over "<timestamp>.<body>". */
beforeAll(async () => {
  base = await startLoopbackServer((request, body, response) => {
    const timestamp = String(request.headers["x-tool-timestamp"]);
    const expected = `v1=${createHmac("sha256", SECRET).update(`${timestamp}.${body}`).digest("hex")}`;
    const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
    const verified = fresh && request.headers["x-tool-signature"] === expected;
    received.push({ headers: request.headers, body, verified });
    if (!verified) return void response.writeHead(401).end("bad signature");
    const parsed = JSON.parse(body) as { arguments: Record<string, unknown> };
    if (request.url === "/slow") return void setTimeout(() => response.writeHead(200).end("{}"), 500);
    if (request.url === "/down") return void response.writeHead(503).end("maintenance until 5pm");
    if (request.url === "/text") return void response.writeHead(200).end("not json");
    if (request.url === "/array") return void response.writeHead(200).end("[1,2]");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ echoed: parsed.arguments }));
  });
});

const tool = (path = "/", secret = SECRET, timeoutMs = 2000): CallableTool => ({
  id: "tol_1",
  name: "lookup",
  url: `${base}${path}`,
  timeoutMs,
  secret,
});
const request = {
  arguments: { q: "owls" },
  workflowRunId: "run_1",
  stepName: "research",
  callId: "stp_1:1:1",
};
const call = createToolCaller({ http: createGuardedHttp({ allowPrivate: true }), clock: systemClock });

describe("tool call signatures (decisions section 5)", () => {
  it("signs v1=HMAC-SHA256(secret, '<timestamp>.<raw body>')", () => {
    const expected = createHmac("sha256", "s").update('1700000000.{"a":1}').digest("hex");
    expect(signToolCall("s", 1_700_000_000, '{"a":1}')).toBe(`v1=${expected}`);
  });

  it("verifies within five minutes only, and only the exact body", () => {
    const body = '{"tool":"x"}';
    const signature = signToolCall(SECRET, 1_700_000_000, body);
    const check = { secret: SECRET, timestamp: "1700000000", signature, rawBody: body };
    expect(verifyToolSignature({ ...check, nowSec: 1_700_000_299 })).toBe(true);
    expect(verifyToolSignature({ ...check, nowSec: 1_700_000_301 })).toBe(false);
    expect(verifyToolSignature({ ...check, nowSec: 1_700_000_000, rawBody: '{"tool":"y"}' })).toBe(false);
    expect(verifyToolSignature({ ...check, nowSec: 1_700_000_000, secret: "tsec_other" })).toBe(false);
    expect(verifyToolSignature({ ...check, nowSec: 1_700_000_000, timestamp: "1700000001" })).toBe(false);
    expect(verifyToolSignature({ ...check, nowSec: 1_700_000_000, signature: `v1=bad, ${signature}` })).toBe(
      true,
    );
  });
});

describe("calling a remote tool", () => {
  it("POSTs the signed body {tool, arguments, workflowRunId, stepName, callId} and returns the JSON answer", async () => {
    const result = await call(tool(), request);
    expect(result).toMatchObject({ ok: true, result: { echoed: { q: "owls" } } });
    const last = received.at(-1);
    expect(last?.verified).toBe(true);
    expect(JSON.parse(last?.body ?? "")).toEqual({ tool: "lookup", ...request });
    expect(last?.headers["content-type"]).toBe("application/json");
    expect(last?.body).not.toContain(SECRET);
  });

  it.each([
    ["a wrong secret", () => tool("/", "tsec_wrong-secret"), "Tool answered HTTP 401"],
    ["a non-2xx answer", () => tool("/down"), "Tool answered HTTP 503"],
    ["a body that is not JSON", () => tool("/text"), "Tool answered with a body that is not JSON"],
    ["a timeout", () => tool("/slow", SECRET, 100), "failed: timed out after 100 ms"],
  ])("turns %s into a tool error, not an exception", async (_what, target, error) => {
    const result = await call(target(), request);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });

  it("refuses a private address unless private URLs are allowed, as a tool error", async () => {
    const guarded = createToolCaller({
      http: createGuardedHttp({ allowPrivate: false }),
      clock: systemClock,
    });
    const result = await guarded(tool(), request);
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Tool call to 127\.0\.0\.1:\d+ failed: /),
    });
  });
});

describe("the remote_tool task handler", () => {
  const context = (config: Record<string, unknown>) => ({
    config,
    state: {},
    workspaceId: "wsp_1",
    runId: "run_1",
    stepName: "lookup-step",
    stepRunId: "stp_9",
    attempt: 2,
    idempotencyKey: "stp_9:2",
    nowMs: Date.parse("2026-11-20T12:00:00.000Z"),
  });
  const handler = (path: string) =>
    createRemoteToolHandler({
      find: async (_ws, name) => (name === "lookup" ? tool(path) : undefined),
      call,
    });

  it("returns the tool's answer as the output, with the engine's idempotency key as callId", async () => {
    expect(await handler("/")(context({ tool: "lookup", arguments: { q: 1 } }))).toEqual({
      output: { echoed: { q: 1 } },
    });
    expect(JSON.parse(received.at(-1)?.body ?? "")).toMatchObject({
      callId: "stp_9:2",
      stepName: "lookup-step",
    });
    expect(await handler("/array")(context({ tool: "lookup" }))).toEqual({ output: { value: [1, 2] } });
  });

  it("fails retryably on a tool error, and for good on an unknown tool or a bad config", async () => {
    const failureOf = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error as StepError,
      );
    expect(await failureOf(handler("/down")(context({ tool: "lookup" })))).toMatchObject({ retryable: true });
    expect(await failureOf(handler("/")(context({ tool: "missing" })))).toMatchObject({
      retryable: false,
      message: 'Remote tool "missing" is not registered in this workspace',
    });
    expect(await failureOf(handler("/")(context({ arguments: {} })))).toBeInstanceOf(StepError);
  });
});
