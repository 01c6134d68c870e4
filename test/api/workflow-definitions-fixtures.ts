import { beforeAll, expect } from "vitest";
import { signUp, withKey } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of /v1/workflow-definitions (workflow-definitions-*.test.ts): a definition using all
 * six step types as written and as stored, an app of each file's own with one workspace
 * (setUpWorkflowDefinitions), and requests that create or list definitions.
 */
export const PATH = "/v1/workflow-definitions";

/** One step of each of the six types, as a client writes them (defaults left out). */
export const allSixSteps = [
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
export const allSixStepsStored = allSixSteps.map((step) => {
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

export const noopStep = (name: string) => ({ type: "task", name, handler: "noop" });

export interface Definition {
  id: string;
  workspaceId: string;
  name: string;
  version: string;
  description: string | null;
  stepsJson: unknown[];
  createdAt: string;
  updatedAt: string;
}

export let t: TestApp;
export let apiKey: string;
export let workspaceId: string;

/** Before the file's tests: starts its app and signs up the workspace they use. Call once per file. */
export function setUpWorkflowDefinitions(): void {
  beforeAll(async () => {
    t = await createTestApp();
    ({ apiKey, workspaceId } = await signUp(t));
  });
}

export const create = (body: unknown, key = apiKey) =>
  t.request("POST", PATH, { body, headers: withKey(key) });

export async function listDefinitions(key = apiKey): Promise<Definition[]> {
  const response = await t.request("GET", PATH, { headers: withKey(key) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Definition[] }).data;
}

export async function createOk(body: unknown): Promise<Definition> {
  const response = await create(body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: Definition }).data;
}
