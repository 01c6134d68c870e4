import { beforeAll, describe, expect, it } from "vitest";
import { signUp, withKey } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/test-app";

const DEFINITIONS = "/v1/workflow-definitions";

let t: TestApp;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey } = await signUp(t));
});

/** A raw request, for bodies and headers `t.request` would not send. */
function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
  return Promise.resolve(t.app.request(path, { method: "GET", ...init }));
}

const errorEnvelope = (code: string, message: unknown = expect.any(String)) => ({
  success: false,
  error: { code, message },
});

describe("request bodies", () => {
  it("answers 400 VALIDATION_ERROR in the envelope when the JSON is malformed", async () => {
    const response = await raw(DEFINITIONS, {
      method: "POST",
      headers: { ...withKey(apiKey), "content-type": "application/json" },
      body: '{"name": "broken", ',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(errorEnvelope("VALIDATION_ERROR"));
  });

  it("answers 400 VALIDATION_ERROR in the envelope when the content-type is JSON but the body is empty", async () => {
    const response = await raw("/v1/api-keys", {
      method: "POST",
      headers: { ...withKey(apiKey), "content-type": "application/json" },
      body: "",
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(errorEnvelope("VALIDATION_ERROR"));
  });

  it("answers 400 VALIDATION_ERROR with details.issues when the JSON body is not an object", async () => {
    const response = await raw("/v1/api-keys", {
      method: "POST",
      headers: { ...withKey(apiKey), "content-type": "application/json" },
      body: "null",
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: {
        code: "VALIDATION_ERROR",
        message: expect.any(String),
        details: { issues: [{ path: "", message: expect.any(String) }] },
      },
    });
  });

  it("accepts a JSON body when the content-type carries a charset", async () => {
    const response = await raw("/v1/api-keys", {
      method: "POST",
      headers: { ...withKey(apiKey), "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ name: "with-charset" }),
    });

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      success: true,
      data: expect.objectContaining({ name: "with-charset" }),
    });
  });

  it("answers 415 with code VALIDATION_ERROR in the envelope when the body is text/plain", async () => {
    const response = await raw("/v1/api-keys", {
      method: "POST",
      headers: { ...withKey(apiKey), "content-type": "text/plain" },
      body: JSON.stringify({ name: "ci" }),
    });

    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(
      errorEnvelope("VALIDATION_ERROR", "Content-Type must be application/json"),
    );
  });

  it("answers 413 in the envelope when the body is over 1 MiB", async () => {
    const body = JSON.stringify({ name: "x".repeat(1024 * 1024 + 1) });

    const response = await raw("/v1/api-keys", {
      method: "POST",
      headers: { ...withKey(apiKey), "content-type": "application/json" },
      body,
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(
      errorEnvelope("VALIDATION_ERROR", "Request body exceeds the 1 MiB limit"),
    );
  });

  it("answers 413 in the envelope when the declared content-length is over 1 MiB", async () => {
    const body = JSON.stringify({ name: "x".repeat(1024 * 1024 + 1) });

    const response = await raw("/v1/api-keys", {
      method: "POST",
      headers: {
        ...withKey(apiKey),
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
      },
      body,
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(
      errorEnvelope("VALIDATION_ERROR", "Request body exceeds the 1 MiB limit"),
    );
  });

  it("answers 400 naming name when POST /v1/api-keys has no body at all", async () => {
    const response = await raw("/v1/api-keys", { method: "POST", headers: withKey(apiKey) });

    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; details?: { issues?: { path: string }[] } };
    };
    expect(body).toEqual({
      success: false,
      error: {
        code: "VALIDATION_ERROR",
        message: expect.stringContaining("name"),
        details: { issues: [{ path: "name", message: expect.any(String) }] },
      },
    });
  });

  it("answers 400 naming name when POST /v1/api-keys has an empty JSON object", async () => {
    const response = await t.request("POST", "/v1/api-keys", { body: {}, headers: withKey(apiKey) });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: {
        code: "VALIDATION_ERROR",
        message: expect.stringContaining("name"),
        details: { issues: [{ path: "name", message: expect.any(String) }] },
      },
    });
  });
});

describe("ids in paths", () => {
  // An id that cannot exist is simply not found, whatever its length or characters (never a 400 or a 500).
  const impossibleIds = ["d".repeat(101), "x".repeat(3000), "%F0%9F%92%A5", "a%20b", "..%2F..", "%00"];

  for (const route of [DEFINITIONS, "/v1/workflow-runs", "/v1/approval-requests", "/v1/webhooks"]) {
    it(`answers 404 NOT_FOUND for impossible ids under ${route}`, async () => {
      for (const id of impossibleIds) {
        const response = await t.request("GET", `${route}/${id}`, { headers: withKey(apiKey) });
        expect(response.status, id).toBe(404);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
      }
    });
  }

  it("answers 404 for an impossible id on an operation with a body, before reading the body", async () => {
    const response = await t.request("POST", `/v1/workflow-runs/${"r".repeat(300)}/resume`, {
      headers: withKey(apiKey),
      body: { signalType: "go" },
    });
    expect(response.status).toBe(404);
  });
});

describe("unknown routes", () => {
  it("answers 404 NOT_FOUND in the envelope when an authenticated caller asks for an unknown /v1 route", async () => {
    const response = await t.request("GET", "/v1/nope", { headers: withKey(apiKey) });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(errorEnvelope("NOT_FOUND", "Route GET /v1/nope not found"));
  });

  it("answers 404 NOT_FOUND in the envelope when an unauthenticated caller asks for an unknown route", async () => {
    const response = await t.request("GET", "/nope");

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(errorEnvelope("NOT_FOUND", "Route GET /nope not found"));
  });

  it("answers 401 AUTH_ERROR rather than 404 when an unauthenticated caller asks for an unknown /v1 route", async () => {
    const response = await t.request("GET", "/v1/nope");

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(errorEnvelope("AUTH_ERROR", "Missing x-api-key header"));
  });
});

describe("x-request-id", () => {
  it.each([
    ["a health probe", () => t.request("GET", "/health")],
    ["an authenticated success", () => t.request("GET", DEFINITIONS, { headers: withKey(apiKey) })],
    ["a 400", () => t.request("POST", DEFINITIONS, { body: {}, headers: withKey(apiKey) })],
    ["a 401", () => t.request("GET", DEFINITIONS)],
    ["a 404", () => t.request("GET", "/nope")],
    [
      "a 413",
      () =>
        raw("/v1/api-keys", {
          method: "POST",
          headers: { ...withKey(apiKey), "content-type": "application/json" },
          body: JSON.stringify({ name: "x".repeat(1024 * 1024 + 1) }),
        }),
    ],
  ])("sets a request id when the response is %s", async (_label, send) => {
    const response = await send();

    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-z]{26}$/);
  });

  it("gives each request its own id when none is sent", async () => {
    const first = await t.request("GET", "/health");
    const second = await t.request("GET", "/health");

    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
  });

  it("echoes the caller's x-request-id when it is sane", async () => {
    const response = await t.request("GET", DEFINITIONS, {
      headers: { ...withKey(apiKey), "x-request-id": "trace-42.abc:7_x" },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("trace-42.abc:7_x");
  });

  it("echoes the caller's x-request-id on an error response", async () => {
    const response = await t.request("GET", "/nope", { headers: { "x-request-id": "trace-404" } });

    expect(response.status).toBe(404);
    expect(response.headers.get("x-request-id")).toBe("trace-404");
  });

  it.each([
    ["it holds characters outside the safe set", "abc<script>"],
    ["it is longer than 128 characters", "a".repeat(129)],
  ])("replaces the caller's x-request-id with a new one when %s", async (_label, incoming) => {
    const response = await t.request("GET", "/health", { headers: { "x-request-id": incoming } });

    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-z]{26}$/);
  });
});
