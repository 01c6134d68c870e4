import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunWithSteps } from "../helpers/api-types";
import { expectData, expectError } from "../helpers/requests";
import { allEvents } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Threads (docs/agents.md, "Threads"): a run names a thread, and its agent steps with `thread: true` start from
 * the thread's earlier messages and add their prompt and answer; the thread is read and deleted over the API,
 * and belongs to one workspace.
 */
let t: TestApp;
let fake: OpenAiFake;
let ada: SignedUp;
let other: SignedUp;

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp(
    { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: "sk-server-level-key-0000000000" },
    { realTime: true },
  );
  ada = await signUp(t);
  other = await signUp(t);
});
afterAll(() => fake.close());

const call = (account: SignedUp, method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(account.apiKey) });

const chat = (content: string, fields: Record<string, unknown> = {}) => ({
  type: "agent",
  name: "chat",
  model: "gpt-4o-mini",
  systemPrompt: "You are brief.",
  messages: [{ role: "user", content }],
  thread: true,
  ...fields,
});

async function runOf(account: SignedUp, step: unknown, threadId?: string): Promise<RunWithSteps> {
  const definition = await expectData<{ id: string }>(
    await call(account, "POST", "/v1/workflow-definitions", { name: "chat", version: "1", steps: [step] }),
    201,
  );
  const run = await expectData<{ id: string; threadId?: string }>(
    await call(account, "POST", "/v1/workflow-runs", { definitionId: definition.id, input: {}, threadId }),
    201,
  );
  expect(run.threadId).toBe(threadId);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const read = await expectData<RunWithSteps>(
      await call(account, "GET", `/v1/workflow-runs/${run.id}`),
      200,
    );
    if (!["PENDING", "RUNNING"].includes(read.status)) return read;
    if (Date.now() > deadline) throw new Error(`run ${run.id} is still ${read.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the model was sent in the n-th request, one line per message. */
function sentMessages(n: number): string[] {
  const body = fake.requests[n]?.body as { messages: { role: string; content: string }[] } | undefined;
  if (!body) throw new Error(`the model got no request ${n}`);
  return body.messages.map(({ role, content }) => `${role}: ${content}`);
}

describe("threads", () => {
  it("gives a second run's agent the first run's messages, and pages them over the API", async () => {
    fake.reset();
    fake.reply({ text: "Hello, Ada." }, { text: "Your name is Ada." });
    expect((await runOf(ada, chat("My name is Ada."), "support-42")).status).toBe("COMPLETED");
    expect((await runOf(ada, chat("What is my name?"), "support-42")).status).toBe("COMPLETED");

    expect(sentMessages(1)).toEqual([
      "system: You are brief.",
      "user: My name is Ada.",
      "assistant: Hello, Ada.",
      "user: What is my name?",
    ]);
    const page = await call(ada, "GET", "/v1/threads/support-42");
    const body = (await page.json()) as {
      data: { seq: number; role: string; content: string }[];
      meta: unknown;
    };
    expect(page.status).toBe(200);
    expect(body.data.map(({ seq, role, content }) => [seq, role, content])).toEqual([
      [1, "user", "My name is Ada."],
      [2, "assistant", "Hello, Ada."],
      [3, "user", "What is my name?"],
      [4, "assistant", "Your name is Ada."],
    ]);
    expect(body.meta).toEqual({ page: 1, pageSize: 20, total: 4, totalPages: 1 });
    const second = (await (await call(ada, "GET", "/v1/threads/support-42?page=2&pageSize=3")).json()) as {
      data: { seq: number }[];
    };
    expect(second.data.map((message) => message.seq)).toEqual([4]);
  }, 30_000);

  it("keeps a thread to its workspace: another's is a 404 there, and its own run of that id starts afresh", async () => {
    await expectError(await call(other, "GET", "/v1/threads/support-42"), 404, "NOT_FOUND");
    await expectError(await call(other, "DELETE", "/v1/threads/support-42"), 404, "NOT_FOUND");
    fake.reset();
    fake.reply({ text: "I do not know." });
    expect((await runOf(other, chat("What is my name?"), "support-42")).status).toBe("COMPLETED");
    expect(sentMessages(0)).toEqual(["system: You are brief.", "user: What is my name?"]);
  }, 30_000);

  it("gives the model only the latest messages its token window holds", async () => {
    fake.reset();
    const long = "x".repeat(2000);
    fake.reply({ text: `first ${long}` }, { text: "short answer" }, { text: "third" });
    await runOf(ada, chat(`question one ${long}`), "windowed");
    await runOf(ada, chat("question two"), "windowed");
    await runOf(ada, chat("question three", { threadWindowTokens: 100 }), "windowed");
    // About 500 tokens each, the first exchange does not fit 100; the second (a few tokens) does.
    expect(sentMessages(2)).toEqual([
      "system: You are brief.",
      "user: question two",
      "assistant: short answer",
      "user: question three",
    ]);
  }, 30_000);

  it("summarizes the messages the window leaves out in a unit of its own, and builds the next summary on it", async () => {
    fake.reset();
    const long = "y".repeat(2000);
    fake.reply({ text: `answer one ${long}` }, { text: "answer two" });
    await runOf(ada, chat(`question one ${long}`), "summed");
    await runOf(ada, chat("question two"), "summed");
    const summarized = { threadWindowTokens: 100, threadSummary: { maxWords: 50 } };
    fake.reply({ text: "The user asked question one; it was answered." }, { text: "answer three" });
    const third = await runOf(ada, chat("question three", summarized), "summed");

    expect(third.status).toBe("COMPLETED");
    // The summary call: the left-out exchange, no tool to call, a note-taker's system prompt.
    const asked = sentMessages(2);
    expect(asked[0]).toMatch(/^system: You keep the memory of a long conversation/);
    expect(asked[1]).toContain("user: question one");
    expect(asked[1]).toContain("in at most 50 words");
    // The turn: the summary with the system prompt, then the window and the step's prompt.
    expect(sentMessages(3)).toEqual([
      "system: You are brief.\n\nSummary of the earlier conversation in this thread:\nThe user asked question one; it was answered.",
      "user: question two",
      "assistant: answer two",
      "user: question three",
    ]);
    expect(fake.requests).toHaveLength(4);

    // A step leaving out the same messages uses the kept summary: no call to write it again.
    fake.reply({ text: "answer again" });
    await runOf(ada, chat("question three again", summarized), "summed");
    expect(fake.requests).toHaveLength(5);
    expect(sentMessages(4)[0]).toContain("The user asked question one; it was answered.");

    // A long exchange later the window leaves out more: the next summary starts from the kept one.
    fake.reply({ text: `answer four ${long}` });
    await runOf(ada, chat(`question four ${long}`), "summed");
    fake.reply({ text: "Questions one to four were asked and answered." }, { text: "five" });
    await runOf(ada, chat("question five", summarized), "summed");
    const next = sentMessages(6);
    expect(next[1]).toContain("The summary so far:\nThe user asked question one; it was answered.");
    expect(next[1]).toContain("user: question two");
    expect(next[1]).not.toContain("user: question one");
    expect(sentMessages(7)[0]).toContain("Questions one to four were asked and answered.");
  }, 30_000);

  it("deletes a thread with its messages", async () => {
    expect(await expectData(await call(ada, "DELETE", "/v1/threads/windowed"), 200)).toEqual({
      deleted: true,
    });
    await expectError(await call(ada, "GET", "/v1/threads/windowed"), 404, "NOT_FOUND");
    await expectError(await call(ada, "DELETE", "/v1/threads/windowed"), 404, "NOT_FOUND");
  });

  it("refuses a bad thread id before anything is written, and fails an agent that needs a thread its run lacks", async () => {
    const definition = await expectData<{ id: string }>(
      await call(ada, "POST", "/v1/workflow-definitions", {
        name: "chat",
        version: "2",
        steps: [chat("hi")],
      }),
      201,
    );
    await expectError(
      await call(ada, "POST", "/v1/workflow-runs", { definitionId: definition.id, threadId: "no spaces" }),
      400,
      "VALIDATION_ERROR",
    );
    fake.reset();
    const run = await runOf(ada, chat("hi"));
    expect(run.status).toBe("FAILED");
    expect(run.steps[0]?.error).toContain("names no threadId");
    const failed = (await allEvents(t.request, ada.apiKey, run.id)).find(
      (e) => e.eventType === "STEP_FAILED",
    );
    expect(failed?.payload).toMatchObject({ code: "HANDLER_CONFIG" });
    expect(fake.requests).toHaveLength(0);
  }, 30_000);
});
