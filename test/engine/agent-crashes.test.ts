import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EngineMessage, runDoorbell } from "../../core/domain/run-messages";
import type { Deps } from "../../core/ports/deps";
import type { RunChange } from "../../core/ports/store";
import { createRun } from "../../core/runs/create-run";
import { buildAdvancer } from "../../functions/advancer";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { signUp, withKey } from "../helpers/accounts";
import { answer, type ReceivedRequest, startTestServer } from "../helpers/engine";
import { expectData } from "../helpers/requests";
import { createDefinition, getRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * An agent step whose worker dies before a unit's commit (docs/agents.md, "One unit, one commit"): the next
 * worker repeats that unit only. A turn that was committed is never asked of the model again, and tool calls
 * are repeated only when their results were never committed, with the same call ids.
 */
const USAGE = { input: 1000, output: 100 };
let t: TestApp;
let fake: OpenAiFake;
let tool: { url: string; requests: ReceivedRequest[] };
let account: { apiKey: string; workspaceId: string };

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp(
    { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: "sk-server-level-key-0000000000" },
    { realTime: true },
  );
  account = await signUp(t);
  tool = await startTestServer((_request, _n, res) => answer(res, 200, { plan: "pro" }));
  await expectData(
    await t.request("POST", "/v1/remote-tools", {
      body: { name: "lookup_customer", url: `${tool.url}/tools/lookup` },
      headers: withKey(account.apiKey),
    }),
    201,
  );
});
afterAll(() => fake.close());

const lookup = (id: string) => ({ id, name: "lookup_customer", arguments: { customerId: id } });

/** A worker over the app's store with a queue of its own, and a store that dies at the commits `dies` picks. */
function crashingWorker(dies: (change: RunChange) => boolean) {
  const sent: EngineMessage[] = [];
  const runs = t.deps.store.runs;
  const store = {
    ...t.deps.store,
    runs: {
      ...runs,
      commit: async (change: RunChange) => {
        if (dies(change)) throw new Error("the worker's process died before this commit");
        return runs.commit(change);
      },
    },
  };
  const deps: Deps = { ...t.deps, store, queue: { send: async (message) => void sent.push(message) } };
  return { deps, sent };
}

describe("an agent step whose worker dies before a unit's commit", () => {
  it("repeats only that unit: the model call in flight, or the tool calls whose results were not committed", async () => {
    fake.reset();
    tool.requests.length = 0;
    fake.reply(
      { toolCalls: [lookup("a"), lookup("b")], usage: USAGE },
      // Turn 2, asked twice: its first answer's commit dies.
      { toolCalls: [lookup("c")], usage: USAGE },
      { toolCalls: [lookup("c")], usage: USAGE },
      { text: "a and b are on pro, and c too.", usage: USAGE },
    );
    const died = new Set<string>();
    const dieOnce = (name: string, when: boolean) => {
      if (!when || died.has(name)) return false;
      died.add(name);
      return true;
    };
    const { deps, sent } = crashingWorker((change) => {
      const agent = change.commit.run.active?.agent;
      // Dies committing turn 1's tool results, and again committing turn 2's answer.
      return (
        dieOnce("tools 1", agent?.turns === 1 && !agent.toolsPending) ||
        dieOnce("turn 2", agent?.turns === 2 && agent.toolsPending)
      );
    });
    const definition = await createDefinition(
      t.request,
      account.apiKey,
      [
        {
          type: "agent",
          name: "support",
          model: "gpt-4o-mini",
          messages: [{ role: "user", content: "Look a, b and c up." }],
          tools: [{ remoteTool: "lookup_customer" }],
        },
      ],
      "agent-crashes",
    );
    const { run } = await createRun(deps, account.workspaceId, {
      definitionId: definition.id,
      input: {},
      supersedeExisting: false,
    });

    // Each delivery is a new process: it takes over the lease of the one that died (as `npm start` does).
    for (let delivery = 0; delivery < 10; delivery++) {
      const advance = buildAdvancer(deps, { takeOverLeasesGrantedBeforeMs: Date.now() + 1 });
      await advance(runDoorbell(account.workspaceId, run.id)).catch(() => {});
      sent.length = 0;
      const read = await getRun(t.request, account.apiKey, run.id);
      if (read.status === "COMPLETED") break;
    }

    const finished = await getRun(t.request, account.apiKey, run.id);
    expect(finished.status).toBe("COMPLETED");
    expect(died).toEqual(new Set(["tools 1", "turn 2"]));
    expect(finished.steps[0]?.output).toMatchObject({ turns: 3, text: "a and b are on pro, and c too." });
    // Turn 1 was asked once; turn 2 twice (its first answer's commit died); turn 3 once.
    const toolResultsSeen = fake.requests.map(
      (request) =>
        (request.body as { messages: { role: string }[] }).messages.filter(
          (message) => message.role === "tool",
        ).length,
    );
    expect(toolResultsSeen).toEqual([0, 2, 2, 3]);
    // Turn 1's tools ran twice (their commit died), with the same ids; turn 2's once.
    const stepRunId = finished.steps[0]?.id;
    const callIds = tool.requests.map((request) => (JSON.parse(request.body) as { callId: string }).callId);
    expect(callIds.sort()).toEqual(
      [
        `${stepRunId}:1:1`,
        `${stepRunId}:1:1`,
        `${stepRunId}:1:2`,
        `${stepRunId}:1:2`,
        `${stepRunId}:2:1`,
      ].sort(),
    );
  });
});
