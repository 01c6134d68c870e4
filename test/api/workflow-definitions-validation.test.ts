import { describe, expect, it } from "vitest";
import { create, listDefinitions, noopStep, setUpWorkflowDefinitions } from "./workflow-definitions-fixtures";

/**
 * POST /v1/workflow-definitions refusing an invalid definition with 400 VALIDATION_ERROR, naming each field
 * at fault and storing nothing: JSON Schemas and regexes that fail their checks, missing or out-of-range
 * fields, unknown step types, duplicate step names, dangling condition targets and misspelt fields.
 */
setUpWorkflowDefinitions();

// First in the file: the first definition this process checks, which imports ajv and RE2 (they are not
// loaded at a cold start); the issues still come in the schema's order, as on every later request.
describe("POST /v1/workflow-definitions, the first definition checked", () => {
  it("names each JSON Schema and regex that fails its check, in the schema's order, and stores nothing", async () => {
    const before = await listDefinitions();
    const llm = { type: "llm", name: "l", model: "gpt-4o", systemPrompt: "Be brief" };
    const notLinear = "are not supported: patterns run on RE2, which matches in linear time";

    const response = await create({
      name: "checkout",
      version: "1",
      steps: [
        {
          ...llm,
          outputSchema: { type: "strng" },
          tools: [{ remoteTool: "crm", name: "find", description: "d", parameters: { pattern: "^(?=x)" } }],
          guardrails: [
            { type: "regex", pattern: "(a)\\1", mode: "must_match" },
            { type: "max_length", maxChars: 0 },
          ],
        },
      ],
    });

    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: { code: string; details: { issues: { path: string; message: string }[] } };
    };
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details.issues).toEqual([
      {
        path: "steps.0.outputSchema",
        message:
          "Invalid JSON Schema: schema/type must be equal to one of the allowed values, schema/type must be array, schema/type must match a schema in anyOf",
      },
      {
        path: "steps.0.tools.0.parameters",
        message: `Invalid JSON Schema: Invalid regular expression: /^(?=x)/: lookahead and lookbehind ${notLinear}`,
      },
      {
        path: "steps.0.guardrails.0.pattern",
        message: `Invalid regular expression: /(a)\\1/: backreferences ${notLinear}`,
      },
      { path: "steps.0.guardrails.1.maxChars", message: "Too small: expected number to be >=1" },
    ]);
    expect(await listDefinitions()).toHaveLength(before.length);
  });
});

describe("POST /v1/workflow-definitions validation", () => {
  const valid = { name: "checkout", version: "1", steps: [noopStep("a")] };

  it.each([
    ["the name is missing", { version: "1", steps: [noopStep("a")] }, "name"],
    ["the version is over 50 characters", { ...valid, version: "v".repeat(51) }, "version"],
    ["the steps array is empty", { ...valid, steps: [] }, "steps"],
    ["a step has an unknown type", { ...valid, steps: [{ type: "sleep", name: "a" }] }, "steps.0.type"],
    [
      "two steps share a name",
      { ...valid, steps: [noopStep("a"), noopStep("b"), noopStep("a")] },
      "steps.2.name",
    ],
    [
      "a condition target names no step",
      {
        ...valid,
        steps: [
          { type: "condition", name: "check", expression: "ok", trueStep: "a", falseStep: "missing" },
          noopStep("a"),
        ],
      },
      "steps.0.falseStep",
    ],
    [
      "a wait step has both durationMs and untilTimestamp",
      {
        ...valid,
        steps: [{ type: "wait", name: "w", durationMs: 1000, untilTimestamp: "2030-01-01T00:00:00.000Z" }],
      },
      "steps.0.untilTimestamp",
    ],
    [
      "a step field is misspelt",
      { ...valid, steps: [{ type: "wait", name: "w", durationMS: 1000 }] },
      "steps.0.durationMS",
    ],
  ])(
    "answers 400 VALIDATION_ERROR naming the field and stores nothing when %s",
    async (_label, body, path) => {
      const before = await listDefinitions();

      const response = await create(body);

      expect(response.status).toBe(400);
      const envelope = (await response.json()) as {
        success: boolean;
        error: { code: string; message: string; details: { issues: { path: string; message: string }[] } };
      };
      expect(envelope).toEqual({
        success: false,
        error: {
          code: "VALIDATION_ERROR",
          message: expect.stringContaining(path),
          details: { issues: expect.arrayContaining([{ path, message: expect.any(String) }]) },
        },
      });
      expect(await listDefinitions()).toHaveLength(before.length);
    },
  );

  it("calls the misspelt field unknown when a step carries a typo", async () => {
    const response = await create({ ...valid, steps: [{ type: "wait", name: "w", durationMS: 1000 }] });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { details: { issues: unknown[] } } };
    expect(error.details.issues).toContainEqual({
      path: "steps.0.durationMS",
      message: 'Unknown field "durationMS"',
    });
  });
});
