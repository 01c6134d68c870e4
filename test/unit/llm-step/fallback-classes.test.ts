import { describe, expect, it } from "vitest";
import { eventsOf, executorHarness, failure, llmStep, scriptedProvider } from "./helpers";

const twoProviders = (first: ReturnType<typeof failure>) => ({
  openai: scriptedProvider("openai", first),
  anthropic: scriptedProvider("anthropic", { text: "From Claude" }),
});

describe("llm executor: fallback by error class", () => {
  it.each([
    ["rate_limit", "rate_limit"],
    ["server", "server_error"],
    ["overloaded", "overloaded"],
    ["timeout", "timeout"],
    ["connection", "connection"],
  ] as const)("falls back on %s by default, naming the class", async (kind, errorClass) => {
    const providers = twoProviders(failure("openai", kind));
    const outcome = await executorHarness({ providers }).run(
      await llmStep({ model: "gpt-4o", fallbackModels: ["claude-haiku-4-5"] }),
    );
    expect(outcome).toMatchObject({ kind: "completed", output: { model: "claude-haiku-4-5" } });
    expect(eventsOf(outcome, "LLM_FALLBACK_TRIGGERED")).toMatchObject([{ errorClass }]);
    expect(eventsOf(outcome, "LLM_CALL_FAILED")).toMatchObject([{ model: "gpt-4o", errorClass }]);
  });

  it.each([
    ["content_filter", "content_filter"],
    ["auth", "auth"],
    ["bad_request", "bad_request"],
  ] as const)("does not fall back on %s by default, and fails for good", async (kind, errorClass) => {
    const providers = twoProviders(failure("openai", kind, `${kind} says no`));
    const outcome = await executorHarness({ providers }).run(
      await llmStep({ model: "gpt-4o", fallbackModels: ["claude-haiku-4-5"] }),
    );
    expect(outcome).toMatchObject({ kind: "failed", retryable: false, error: `gpt-4o: ${kind} says no` });
    expect(eventsOf(outcome, "LLM_CALL_FAILED")).toMatchObject([{ errorClass }]);
    expect(eventsOf(outcome, "LLM_FALLBACK_TRIGGERED")).toEqual([]);
    expect(providers.anthropic.requests).toHaveLength(0);
  });

  it("follows the step's own fallbackOn: a listed content filter moves on, an unlisted 429 fails (retryably)", async () => {
    const filtered = twoProviders(failure("openai", "content_filter"));
    const step = (fallbackOn: string[]) =>
      llmStep({ model: "gpt-4o", fallbackModels: ["claude-haiku-4-5"], fallbackOn });
    expect(await executorHarness({ providers: filtered }).run(await step(["content_filter"]))).toMatchObject({
      kind: "completed",
    });
    const limited = twoProviders(failure("openai", "rate_limit"));
    expect(await executorHarness({ providers: limited }).run(await step(["server_error"]))).toMatchObject({
      kind: "failed",
      retryable: true,
    });
    expect(limited.anthropic.requests).toHaveLength(0);
  });

  it("moves a context-length error to the next listed model with a larger window, skipping smaller ones", async () => {
    const openai = scriptedProvider(
      "openai",
      failure("openai", "context_length", "maximum context length is 128000 tokens"),
      { text: "From gpt-4.1" },
    );
    const outcome = await executorHarness({ providers: { openai } }).run(
      await llmStep({ model: "gpt-4o", fallbackModels: ["gpt-4o-mini", "gpt-4.1"] }),
    );
    expect(openai.requests.map((request) => request.model)).toEqual(["gpt-4o", "gpt-4.1"]);
    expect(eventsOf(outcome, "LLM_FALLBACK_TRIGGERED")).toMatchObject([
      { failedModel: "gpt-4o", nextModel: "gpt-4.1", errorClass: "context_length" },
    ]);
    expect(outcome).toMatchObject({ kind: "completed", output: { model: "gpt-4.1" } });
  });

  it("fails a context-length error when no listed model has a larger window", async () => {
    const openai = scriptedProvider("openai", failure("openai", "context_length", "too long"));
    const outcome = await executorHarness({ providers: { openai } }).run(
      await llmStep({ model: "gpt-4.1", fallbackModels: ["gpt-4o"] }),
    );
    expect(outcome).toMatchObject({ kind: "failed", retryable: false, error: "gpt-4.1: too long" });
    expect(openai.requests).toHaveLength(1);
  });
});

describe("llm executor: repairing an invalid JSON answer", () => {
  const schema = { type: "object", properties: { n: { type: "number" } }, required: ["n"] };

  it("asks the same model again with the validation error, and completes with the repaired answer", async () => {
    const openai = scriptedProvider("openai", { text: '{"n":"seven"}' }, { text: '{"n":7}' });
    const outcome = await executorHarness({ providers: { openai } }).run(
      await llmStep({ model: "gpt-4o", responseFormat: "json", outputSchema: schema }),
    );
    expect(outcome).toMatchObject({ kind: "completed", stateValue: { n: 7 } });
    const repairTurn = openai.requests[1]?.messages;
    expect(repairTurn?.slice(-2)).toMatchObject([
      { role: "assistant", content: '{"n":"seven"}' },
      { role: "user", content: expect.stringContaining("does not satisfy outputSchema") },
    ]);
    expect(eventsOf(outcome, "LLM_OUTPUT_REPAIR_REQUESTED")).toMatchObject([
      { model: "gpt-4o", repair: 1, error: expect.stringContaining("outputSchema") },
    ]);
    // Both calls were paid for.
    expect(outcome.cost?.calls).toHaveLength(2);
  });

  it("makes repairAttempts repairs at most, and none with repairAttempts 0", async () => {
    const answers = () => Array.from({ length: 4 }, () => ({ text: "nope" }));
    const three = scriptedProvider("openai", ...answers());
    const step = (repairAttempts: number) =>
      llmStep({ model: "gpt-4o", responseFormat: "json", repairAttempts });
    expect(await executorHarness({ providers: { openai: three } }).run(await step(2))).toMatchObject({
      kind: "failed",
      retryable: true,
    });
    expect(three.requests).toHaveLength(3);
    const one = scriptedProvider("openai", ...answers());
    await executorHarness({ providers: { openai: one } }).run(await step(0));
    expect(one.requests).toHaveLength(1);
  });

  it("does not repair a guardrail failure: that is the retry policy's", async () => {
    const openai = scriptedProvider("openai", { text: '{"n":1,"note":"secret"}' }, { text: "{}" });
    const outcome = await executorHarness({ providers: { openai } }).run(
      await llmStep({
        model: "gpt-4o",
        responseFormat: "json",
        guardrails: [{ type: "blocklist", words: ["secret"] }],
      }),
    );
    expect(outcome).toMatchObject({ kind: "failed", error: expect.stringMatching(/^Guardrail blocklist/) });
    expect(openai.requests).toHaveLength(1);
  });
});
