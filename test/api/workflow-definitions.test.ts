import { beforeAll, describe, expect, it } from "vitest";
import { signUp, withKey } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/test-app";

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PATH = "/v1/workflow-definitions";

/** One step of each of the six types, as a client writes them (defaults left out). */
const allSixSteps = [
  { type: "task", name: "prepare", handler: "noop" },
  { type: "condition", name: "check", expression: "input.urgent", trueStep: "draft", falseStep: "pause" },
  { type: "wait", name: "pause", durationMs: 60_000 },
  { type: "external_event", name: "await-upload", signalType: "document.uploaded", timeoutMs: 3_600_000 },
  {
    type: "llm",
    name: "draft",
    model: "gpt-4o-mini",
    fallbackModels: ["claude-3-5-haiku"],
    systemPrompt: "You summarise documents.",
    messages: [{ role: "user", content: "Summarise {{input.text}}" }],
    responseFormat: "json",
    outputSchema: {
      type: "object",
      properties: { summary: { type: "string" } },
      required: ["summary"],
    },
    temperature: 0.2,
    maxTokens: 800,
    tools: [
      { remoteTool: "lookup" },
      {
        remoteTool: "search",
        name: "search_docs",
        description: "Search the documentation",
        parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
      },
    ],
    guardrails: [
      { type: "max_length", maxChars: 2000 },
      { type: "regex", pattern: "^\\{", mode: "must_match" },
      { type: "blocklist", words: ["password"] },
      { type: "json_schema", schema: { type: "object" } },
    ],
    retry: { maxAttempts: 3, backoffMs: 500 },
    outputKey: "summary",
  },
  { type: "approval", name: "review", contentKey: "summary", prompt: "Publish it?", timeoutMs: 86_400_000 },
];

/** The same steps as stored: task config, llm maxToolRounds and the retry policy get their defaults. */
const allSixStepsStored = allSixSteps.map((step) => {
  if (step.type === "task") return { ...step, config: {} };
  if (step.type === "llm") {
    return {
      ...step,
      maxToolRounds: 5,
      retry: { maxAttempts: 3, backoffMs: 500, backoffMultiplier: 2, maxBackoffMs: 300_000 },
    };
  }
  return step;
});

const noopStep = (name: string) => ({ type: "task", name, handler: "noop" });

interface Definition {
  id: string;
  workspaceId: string;
  name: string;
  version: string;
  description: string | null;
  stepsJson: unknown[];
  createdAt: string;
  updatedAt: string;
}

let t: TestApp;
let apiKey: string;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey, workspaceId } = await signUp(t));
});

const create = (body: unknown, key = apiKey) => t.request("POST", PATH, { body, headers: withKey(key) });

async function listDefinitions(key = apiKey): Promise<Definition[]> {
  const response = await t.request("GET", PATH, { headers: withKey(key) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Definition[] }).data;
}

async function createOk(body: unknown): Promise<Definition> {
  const response = await create(body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: Definition }).data;
}

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

describe("GET /v1/workflow-definitions", () => {
  it("returns the definition exactly as creation returned it when fetched by id", async () => {
    const created = await createOk({ name: "by-id", version: "2.0", steps: allSixSteps });

    const response = await t.request("GET", `${PATH}/${created.id}`, { headers: withKey(apiKey) });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: created });
  });

  it("lists the definition in a plain array with no meta when listing", async () => {
    const created = await createOk({ name: "listed", version: "1", steps: [noopStep("a")] });

    const response = await t.request("GET", PATH, { headers: withKey(apiKey) });

    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown> & { data: Definition[] };
    expect(Object.keys(body).sort()).toEqual(["data", "success"]);
    expect(body.success).toBe(true);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data).toContainEqual(created);
  });

  it("answers 404 NOT_FOUND when the id is unknown", async () => {
    const response = await t.request("GET", `${PATH}/def_01jzzzzzzzzzzzzzzzzzzzzzzz`, {
      headers: withKey(apiKey),
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "NOT_FOUND", message: expect.any(String) },
    });
  });

  it("answers 404 NOT_FOUND when the definition belongs to another workspace", async () => {
    const created = await createOk({ name: "private", version: "1", steps: [noopStep("a")] });
    const other = await signUp(t);

    const response = await t.request("GET", `${PATH}/${created.id}`, { headers: withKey(other.apiKey) });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "NOT_FOUND", message: expect.any(String) },
    });
    expect(await listDefinitions(other.apiKey)).toEqual([]);
  });
});

describe("definitions are immutable", () => {
  it.each([
    ["PUT", { name: "changed", version: "9", steps: [noopStep("z")] }],
    ["PATCH", { name: "changed" }],
    ["DELETE", undefined],
  ])("answers %s on a definition with 404 NOT_FOUND and leaves it unchanged", async (method, body) => {
    const created = await createOk({ name: "frozen", version: "1", steps: [noopStep("a")] });

    const response = await t.request(method, `${PATH}/${created.id}`, { body, headers: withKey(apiKey) });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "NOT_FOUND", message: expect.any(String) },
    });
    const after = await t.request("GET", `${PATH}/${created.id}`, { headers: withKey(apiKey) });
    expect(await after.json()).toEqual({ success: true, data: created });
  });
});
