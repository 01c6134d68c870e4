import { describe, expect, it } from "vitest";
import { withKey } from "../helpers/accounts";
import {
  allSixSteps,
  allSixStepsStored,
  apiKey,
  create,
  createOk,
  type Definition,
  listDefinitions,
  noopStep,
  PATH,
  setUpWorkflowDefinitions,
  t,
  workspaceId,
} from "./workflow-definitions-fixtures";

/**
 * POST /v1/workflow-definitions: the created definition with its steps and their defaults, a description
 * left out, and the bodies refused with 400 for their size (steps over 350,000 bytes, nesting 10,000 deep).
 */
setUpWorkflowDefinitions();

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("POST /v1/workflow-definitions", () => {
  it("answers 201 with the steps and their defaults when a definition uses all six step types", async () => {
    const nowIso = new Date(t.clock.nowMs()).toISOString();
    const response = await create({
      name: "document-review",
      version: "1.0.0",
      description: "Summarise, then ask a person",
      steps: allSixSteps,
    });

    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: true; data: Definition };
    expect(body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(/^def_/),
        workspaceId,
        name: "document-review",
        version: "1.0.0",
        description: "Summarise, then ask a person",
        stepsJson: allSixStepsStored,
        createdAt: nowIso,
        updatedAt: nowIso,
      },
    });
    expect(body.data.createdAt).toMatch(ISO_UTC_MS);
  });

  it("returns description null when the description is omitted", async () => {
    const definition = await createOk({ name: "no-description", version: "1", steps: [noopStep("only")] });
    expect(definition.description).toBeNull();
    expect(definition.stepsJson).toEqual([{ ...noopStep("only"), config: {} }]);
  });

  it("rejects a steps array over 350,000 bytes of JSON with 400 when the body is under 1 MiB", async () => {
    const before = await listDefinitions();
    const steps = [{ ...noopStep("big"), config: { blob: "x".repeat(360_000) } }];
    const body = { name: "too-big", version: "1", steps };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(1024 * 1024);

    const response = await create(body);

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: {
        code: "VALIDATION_ERROR",
        message: expect.stringContaining("350000"),
        details: { issues: [{ path: "steps", message: expect.any(String) }] },
      },
    });
    expect(await listDefinitions()).toHaveLength(before.length);
  });
  it("answers 400 VALIDATION_ERROR, not 500, when a step config is nested 10,000 levels deep", async () => {
    const before = await listDefinitions();
    const depth = 10_000;
    const body = `{"name":"deep","version":"1","steps":[{"type":"task","name":"a","handler":"noop","config":{"x":${"[".repeat(depth)}${"]".repeat(depth)}}}]}`;

    const response = await Promise.resolve(
      t.app.request(PATH, {
        method: "POST",
        headers: { ...withKey(apiKey), "content-type": "application/json" },
        body,
      }),
    );

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: expect.objectContaining({ code: "VALIDATION_ERROR", message: expect.any(String) }),
    });
    expect(await listDefinitions()).toHaveLength(before.length);
  });
});
