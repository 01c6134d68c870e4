import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRemoteTool } from "../../core/remote-tools/manage-tools";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { answer, eventTypes, startTestServer, task } from "../helpers/engine";
import { resolveNames } from "../helpers/fake-dns";
import { expectData } from "../helpers/requests";
import { allEvents, createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * A URL the outbound guard refuses fails its step for good, on its first attempt, whatever the retry policy:
 * the next attempt would be refused the same way. Private URLs are not allowed here, as in production; the
 * receiver runs on 127.0.0.1, reached either through a name this test resolves there, or through a local
 * name registered while private URLs were allowed (a configuration since tightened).
 */
const RESOLVED_TO_LOOPBACK = "tools.refused-urls.test";
const RETRIES = { maxAttempts: 3, backoffMs: 0 };

let t: TestApp;
let fake: OpenAiFake;
let account: SignedUp;
let receiver: Awaited<ReturnType<typeof startTestServer>>;
let port: string;

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp(
    {
      ALLOW_PRIVATE_URLS: "false",
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: "sk-server-level-key-0000000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
    { realTime: true },
  );
  account = await signUp(t);
  receiver = await startTestServer((_request, _n, res) => answer(res, 200));
  port = new URL(receiver.url).port;
  resolveNames({ [RESOLVED_TO_LOOPBACK]: "127.0.0.1" });

  await expectData(
    await t.request("POST", "/v1/remote-tools", {
      body: { name: "resolved", url: `https://${RESOLVED_TO_LOOPBACK}:${port}/lookup` },
      headers: withKey(account.apiKey),
    }),
    201,
  );
  const permissive = { ...t.deps, config: { ...t.deps.config, ALLOW_PRIVATE_URLS: true } };
  await createRemoteTool(permissive, account.workspaceId, {
    name: "local",
    url: `https://localhost.:${port}/lookup`,
    timeoutMs: 2000,
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await fake.close();
});

let definitions = 0;

async function runToFailure(steps: unknown[]) {
  definitions += 1;
  const definition = await createDefinition(t.request, account.apiKey, steps, `refused-${definitions}`);
  const run = await startRun(t.request, account.apiKey, { definitionId: definition.id, input: {} });
  const failed = await waitForRun(t.request, account.apiKey, run.id, withStatus("FAILED"));
  return { run: failed, events: await allEvents(t.request, account.apiKey, run.id) };
}

const REFUSALS = {
  resolved: `Outbound URL refused: ${RESOLVED_TO_LOOPBACK} resolves to 127.0.0.1, a private or reserved address`,
  local: "Outbound URL refused: host localhost. names the local machine or a private network",
};

describe("a step whose URL the outbound guard refuses", () => {
  it.each(Object.entries(REFUSALS))(
    "fails an llm step calling the %s tool on its first attempt, naming the refusal",
    async (tool, refusal) => {
      fake.reply({ toolCalls: [{ name: tool, arguments: { q: "owls" } }] });
      const callsBefore = fake.requests.length;

      const { run, events } = await runToFailure([
        {
          type: "llm",
          name: "research",
          model: "gpt-4o-mini",
          messages: [{ role: "user", content: "Look owls up" }],
          tools: [{ remoteTool: tool }],
          retry: RETRIES,
        },
      ]);

      const error = `Remote tool "${tool}": Tool call to ${tool === "local" ? "localhost." : RESOLVED_TO_LOOPBACK}:${port} failed: ${refusal}`;
      expect(run.steps.map((step) => [step.status, step.attempt, step.error])).toEqual([
        ["FAILED", 1, error],
      ]);
      expect(eventTypes(events)).not.toContain("STEP_RETRYING");
      expect(events.find((event) => event.eventType === "TOOL_CALL_EXECUTED")?.payload).toMatchObject({
        tool,
        ok: false,
      });
      expect(events.at(-1)).toMatchObject({ eventType: "WORKFLOW_FAILED", payload: { error } });
      // One model call: no fallback model and no second attempt asked the model again.
      expect(fake.requests.length - callsBefore).toBe(1);
      expect(receiver.requests).toHaveLength(0);
    },
  );

  it("fails a remote_tool task on its first attempt, naming the refusal", async () => {
    const { run, events } = await runToFailure([
      { ...task("lookup", "remote_tool", { tool: "resolved", arguments: {} }), retry: RETRIES },
    ]);

    expect(run.steps.map((step) => [step.status, step.attempt])).toEqual([["FAILED", 1]]);
    expect(run.steps[0]?.error).toContain(REFUSALS.resolved);
    expect(eventTypes(events)).not.toContain("STEP_RETRYING");
    expect(receiver.requests).toHaveLength(0);
  });

  it("fails an http task on its first attempt, naming the refusal", async () => {
    const { run, events } = await runToFailure([
      { ...task("fetch", "http", { url: `https://${RESOLVED_TO_LOOPBACK}:${port}/` }), retry: RETRIES },
    ]);

    expect(run.steps.map((step) => [step.status, step.attempt])).toEqual([["FAILED", 1]]);
    expect(run.steps[0]?.error).toContain(REFUSALS.resolved);
    expect(eventTypes(events)).not.toContain("STEP_RETRYING");
    expect(receiver.requests).toHaveLength(0);
  });
});
