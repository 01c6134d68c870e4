import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../core/domain/limits";
import { signUp, withKey } from "../helpers/accounts";
import { expectError } from "../helpers/requests";
import { createDefinition } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** docs/limits.md, as an API caller meets it: at the bound it works, past it a 400, never a 500. */
let t: TestApp;
let apiKey: string;
let definitionId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey } = await signUp(t));
  ({ id: definitionId } = await createDefinition(t.request, apiKey, [
    { type: "wait", name: "w", durationMs: 60_000 },
  ]));
});

const startRun = (body: string) =>
  t.app.request("/v1/workflow-runs", {
    method: "POST",
    headers: { ...withKey(apiKey), "content-type": "application/json" },
    body,
  });
const runBody = (input: string) => `{"definitionId":"${definitionId}","input":${input}}`;
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("run input", () => {
  const padded = (bytes: number) => JSON.stringify({ p: "x".repeat(bytes - '{"p":""}'.length) });

  it("is accepted at its byte bound", async () => {
    expect((await startRun(runBody(padded(LIMITS.runInputBytes)))).status).toBe(201);
  });

  it("is refused one byte past it, naming input", async () => {
    const error = await expectError(
      await startRun(runBody(padded(LIMITS.runInputBytes + 1))),
      400,
      "VALIDATION_ERROR",
    );
    expect(error.details).toMatchObject({ issues: [{ path: "input" }] });
  });
});

describe("JSON nesting", () => {
  // The body itself is one level; the input's own levels come on top.
  it("is accepted at the depth bound", async () => {
    expect((await startRun(runBody(nested(LIMITS.jsonDepth - 2)))).status).toBe(201);
  });

  it("is refused one level past it", async () => {
    await expectError(await startRun(runBody(nested(LIMITS.jsonDepth))), 400, "VALIDATION_ERROR");
  });

  it("answers 400, not a stack overflow, for input nested 100,000 levels deep", async () => {
    const error = await expectError(await startRun(runBody(nested(100_000))), 400, "VALIDATION_ERROR");
    expect(error.message).toContain(`${LIMITS.jsonDepth} levels`);
  });
});

describe("definitions", () => {
  const noop = (i: number) => ({ type: "task", name: `s${i}`, handler: "noop" });
  const define = (count: number) =>
    t.request("POST", "/v1/workflow-definitions", {
      headers: withKey(apiKey),
      body: { name: "many", version: String(count), steps: Array.from({ length: count }, (_, i) => noop(i)) },
    });

  it("takes as many steps as the bound allows", async () => {
    expect((await define(LIMITS.definitionSteps)).status).toBe(201);
  });

  it("refuses one step more, naming steps", async () => {
    const error = await expectError(await define(LIMITS.definitionSteps + 1), 400, "VALIDATION_ERROR");
    expect(error.details).toMatchObject({ issues: [{ path: "steps" }] });
  });
});
