import { describe, expect, it } from "vitest";
import { expectError, ISO_UTC_MS, issuePaths } from "../helpers/requests";
import { getRun } from "../helpers/runs";
import {
  a,
  b,
  noopDefinition,
  post,
  postRun,
  RUN_FIELDS,
  settledRun,
  setUpWorkflowRuns,
  t,
  uniqueKey,
} from "./workflow-runs-fixtures";

/**
 * POST /v1/workflow-runs: the created run and its fields, the engine running it to COMPLETED, and the
 * requests refused (a definition that is not there or not the workspace's, an invalid body).
 */
setUpWorkflowRuns();

describe("POST /v1/workflow-runs", () => {
  it("answers 201 with a PENDING run carrying every field of spec 2.5 when only definitionId is given", async () => {
    const run = await postRun(a.apiKey, { definitionId: noopDefinition }, 201);

    expect(Object.keys(run).sort()).toEqual(RUN_FIELDS);
    expect(run).toEqual({
      id: expect.any(String),
      workspaceId: a.workspaceId,
      definitionId: noopDefinition,
      status: "PENDING",
      input: {},
      output: null,
      idempotencyKey: null,
      supersessionKey: null,
      currentStepName: null,
      createdAt: expect.stringMatching(ISO_UTC_MS),
      updatedAt: expect.stringMatching(ISO_UTC_MS),
    });
    expect(run.id.length).toBeGreaterThan(0);
    await t.idle();
  });

  it("keeps the given input, idempotencyKey and supersessionKey when they are provided", async () => {
    const idempotencyKey = uniqueKey("idem");
    const supersessionKey = uniqueKey("sup");
    const input = { customer: "c-1", amount: 42, nested: { ok: true } };

    const created = await postRun(
      a.apiKey,
      { definitionId: noopDefinition, input, idempotencyKey, supersessionKey },
      201,
    );
    expect(created).toMatchObject({ input, idempotencyKey, supersessionKey, status: "PENDING" });

    await t.idle();
    expect(await getRun(t.request, a.apiKey, created.id)).toMatchObject({
      input,
      idempotencyKey,
      supersessionKey,
    });
  });

  it("runs the created run to COMPLETED with its final state as output when the engine picks it up", async () => {
    const run = await settledRun(noopDefinition, { input: { x: 1 } });

    const after = await getRun(t.request, a.apiKey, run.id);
    expect(after.status).toBe("COMPLETED");
    expect(after.output).toEqual({ input: { x: 1 }, one: {}, two: {}, three: {} });
  });

  it("answers 404 NOT_FOUND when definitionId names no definition", async () => {
    await expectError(await post(a.apiKey, { definitionId: "wfd_does_not_exist" }), 404, "NOT_FOUND");
  });

  it("answers 404 NOT_FOUND when definitionId names another workspace's definition", async () => {
    await expectError(await post(b.apiKey, { definitionId: noopDefinition }), 404, "NOT_FOUND");
  });

  it.each([
    ["naming definitionId when it is missing", () => ({ input: {} }), "definitionId"],
    ["when input is not an object", () => ({ definitionId: noopDefinition, input: [1, 2] }), "input"],
    [
      "when idempotencyKey is longer than 255 characters",
      () => ({ definitionId: noopDefinition, idempotencyKey: "k".repeat(256) }),
      "idempotencyKey",
    ],
    [
      "when supersessionKey is longer than 255 characters",
      () => ({ definitionId: noopDefinition, supersessionKey: "s".repeat(256) }),
      "supersessionKey",
    ],
  ])("answers 400 VALIDATION_ERROR %s", async (_when, body, field) => {
    const error = await expectError(await post(a.apiKey, body()), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain(field);
  });

  it("accepts an idempotencyKey of exactly 255 characters", async () => {
    const key = `${uniqueKey("edge")}-`.padEnd(255, "k");
    const run = await postRun(a.apiKey, { definitionId: noopDefinition, idempotencyKey: key }, 201);
    expect(run.idempotencyKey).toBe(key);
    await t.idle();
  });
});
