import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnthropicFake, startAnthropicFake } from "../fakes/anthropic-server";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunWithSteps } from "../helpers/api-types";
import { expectData, expectError } from "../helpers/requests";
import { allEvents } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

// gpt-4o-mini: $0.15 / $0.60 per M; claude-haiku-4-5: $1 / $5 per M. 1000 in, 100 out each.
const USAGE = { input: 1000, output: 100 };

let t: TestApp;
let openai: OpenAiFake;
let anthropic: AnthropicFake;
let account: SignedUp;

beforeAll(async () => {
  openai = await startOpenAiFake();
  anthropic = await startAnthropicFake();
  t = await createTestApp(
    {
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: "sk-server-openai-000000000",
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
      ANTHROPIC_API_KEY: "sk-ant-server-00000000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
    { realTime: true },
  );
  account = await signUp(t);
});
afterAll(async () => {
  await openai.close();
  await anthropic.close();
});

const call = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(account.apiKey) });

async function completedRun(steps: unknown[], input: Record<string, unknown>): Promise<RunWithSteps> {
  const definition = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-definitions", { name: "replayed", version: "1", steps }),
    201,
  );
  const { id } = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-runs", { definitionId: definition.id, input }),
    201,
  );
  const deadline = Date.now() + 15_000;
  for (;;) {
    const run = await expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${id}`), 200);
    if (run.status === "COMPLETED" || run.status === "FAILED") return run;
    if (Date.now() > deadline) throw new Error(`run ${id} is still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Replay {
  id: string;
  text: string | null;
  answer: { model: string; costUsd: number } | null;
  original: { model: string; costUsd: number; text: string | null };
  diff: { format: string; patch: string | null } | null;
  passedChecks: boolean;
}

const greet = {
  type: "llm",
  name: "greet",
  model: "gpt-4o-mini",
  systemPrompt: "You write short greetings.",
  messages: [{ role: "user", content: "Greet {{input.name}}" }],
};

describe("replaying an llm step", () => {
  it("runs the recorded call on another model, returns both answers' cost and a diff, and leaves the run as it was", async () => {
    openai.reply({ text: "Hello Ada", usage: USAGE });
    const run = await completedRun([greet], { name: "Ada" });
    const events = await allEvents(t.request, account.apiKey, run.id);

    anthropic.reply({ text: "Hi Ada!", usage: USAGE });
    const replay = await expectData<Replay>(
      await call("POST", `/v1/workflow-runs/${run.id}/steps/greet/replay`, { model: "claude-haiku-4-5" }),
      201,
    );
    expect(replay).toMatchObject({
      text: "Hi Ada!",
      passedChecks: true,
      answer: { model: "claude-haiku-4-5", costUsd: 0.0015 },
      original: { model: "gpt-4o-mini", costUsd: 0.00021, text: "Hello Ada" },
      diff: { format: "text" },
    });
    expect(replay.diff?.patch).toContain("-Hello Ada");
    expect(replay.diff?.patch).toContain("+Hi Ada!");
    // The prompt as rendered in the run, sent to the other provider.
    const sent = anthropic.requests[0]?.body as { system: unknown; messages: { content: unknown }[] };
    expect(JSON.stringify(sent.system)).toContain("You write short greetings.");
    expect(JSON.stringify(sent.messages)).toContain("Greet Ada");

    const after = await expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${run.id}`), 200);
    expect(after).toMatchObject({ status: "COMPLETED", output: run.output, updatedAt: run.updatedAt });
    expect(await allEvents(t.request, account.apiKey, run.id)).toEqual(events);
    const listed = await expectData<Replay[]>(
      await call("GET", `/v1/workflow-runs/${run.id}/steps/greet/replays`),
      200,
    );
    expect(listed.map((item) => item.id)).toEqual([replay.id]);
  });

  it("replays with another prompt, and diffs JSON answers as JSON, key order aside", async () => {
    openai.reply({ text: '{"tone":"warm","words":3}', usage: USAGE });
    const run = await completedRun([{ ...greet, responseFormat: "json" }], { name: "Bo" });
    openai.reply({ text: '{"words":5,"tone":"formal"}', usage: USAGE });
    const replay = await expectData<Replay>(
      await call("POST", `/v1/workflow-runs/${run.id}/steps/greet/replay`, {
        messages: [{ role: "user", content: "Greet {{input.name}} formally, as JSON" }],
        temperature: 0,
      }),
      201,
    );
    expect(replay.diff?.format).toBe("json");
    expect(replay.diff?.patch).toContain('-  "tone": "warm"');
    expect(replay.diff?.patch).toContain('+  "tone": "formal"');
    const sent = openai.requests.at(-1)?.body as { messages: { content: string }[]; temperature: number };
    expect(sent.messages.at(-1)?.content).toBe("Greet Bo formally, as JSON");
    expect(sent.temperature).toBe(0);
  });

  it("refuses what cannot be replayed: an unknown step 404, a non-llm step 400, a step that never called 409", async () => {
    openai.reply({ text: "Hello", usage: USAGE });
    const run = await completedRun([greet, { type: "task", name: "done", handler: "noop" }], { name: "Cy" });
    await expectError(
      await call("POST", `/v1/workflow-runs/${run.id}/steps/nope/replay`, {}),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await call("POST", `/v1/workflow-runs/${run.id}/steps/done/replay`, {}),
      400,
      "VALIDATION_ERROR",
    );
    const waiting = await completedRun(
      [{ type: "task", name: "first", handler: "fail", config: { error: "stop" } }, greet],
      {
        name: "Di",
      },
    );
    await expectError(
      await call("POST", `/v1/workflow-runs/${waiting.id}/steps/greet/replay`, {}),
      409,
      "CONFLICT",
    );
  });
});
