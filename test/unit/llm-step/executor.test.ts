import { describe, expect, it } from "vitest";
import {
  eventsOf,
  eventTypes,
  executorHarness,
  failure,
  llmStep,
  runRecord,
  scriptedProvider,
} from "./helpers";

describe("llm executor: answer, output and events", () => {
  it("completes with {text} in the state and the usage in the step run's output", async () => {
    const openai = scriptedProvider("openai", { text: "Hello Ann", inputTokens: 1000, outputTokens: 200 });
    const outcome = await executorHarness({ providers: { openai } }).run(
      await llmStep({ model: "gpt-4o-mini" }),
    );
    expect(outcome).toMatchObject({
      kind: "completed",
      stateValue: { text: "Hello Ann" },
      output: {
        text: "Hello Ann",
        model: "gpt-4o-mini",
        provider: "openai",
        inputTokens: 1000,
        outputTokens: 200,
        // gpt-4o-mini: $0.15 / M input, $0.60 / M output
        costUsd: 0.00027,
        toolCalls: [],
      },
    });
    expect(eventTypes(outcome)).toEqual(["LLM_CALL_STARTED", "LLM_CALL_COMPLETED"]);
    expect(eventsOf(outcome, "LLM_CALL_COMPLETED")[0]).toMatchObject({
      stepName: "write",
      model: "gpt-4o-mini",
      provider: "openai",
      inputTokens: 1000,
      outputTokens: 200,
      costUsd: 0.00027,
    });
    expect(outcome.cost).toEqual({
      id: "cost_1",
      workspaceId: "wsp_1",
      workflowRunId: "run_1",
      definitionId: "def_1",
      stepRunId: "stp_1",
      attempt: 1,
      // The step run's start, with no lease in the run (the record is kept under its day).
      startedAt: runRecord().createdAt,
      calls: [
        expect.objectContaining({
          stepName: "write",
          model: "gpt-4o-mini",
          costUsd: 0.00027,
          inputTokens: 1000,
        }),
      ],
    });
  });

  it("keeps its cost record under the day of the lease its execution was granted (a take-over's, not the step's start)", async () => {
    const openai = scriptedProvider("openai", { text: "ok" });
    const step = await llmStep({ model: "gpt-4o-mini" });
    const base = runRecord();
    // No lease in the run: the step run's start.
    const first = await executorHarness({ providers: { openai } }).run(step, base);
    expect(first.cost?.startedAt).toBe(base.createdAt);
    const grantedAtMs = Date.parse("2026-11-21T00:00:05.000Z");
    const taken = runRecord({
      active: {
        stepRun: {} as never,
        stepIndex: 0,
        lease: { owner: "w2", grantedAtMs, untilMs: grantedAtMs + 60_000 },
        wait: null,
        retryAtMs: null,
      },
    });
    const again = await executorHarness({
      providers: { openai: scriptedProvider("openai", { text: "ok" }) },
    }).run(step, taken);
    expect(again.cost?.startedAt).toBe("2026-11-21T00:00:05.000Z");
  });

  it("fills placeholders from input and state, and sends options and the timeout to the provider", async () => {
    const openai = scriptedProvider("openai", { text: '{"title":"T"}' });
    const step = await llmStep({
      model: "gpt-4o",
      systemPrompt: "You write for {{input.audience}}.",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Topic: {{topic}}; draft: {{state.draft.text}}" },
      ],
      responseFormat: "json",
      temperature: 0.2,
      maxTokens: 300,
    });
    const run = runRecord({ input: { audience: "kids", topic: "owls" }, state: { draft: { text: "v1" } } });
    const outcome = await executorHarness({ providers: { openai } }).run(step, run);
    expect(openai.requests[0]).toMatchObject({
      model: "gpt-4o",
      system: "You write for kids.\n\nBe brief.",
      messages: [{ role: "user", content: "Topic: owls; draft: v1" }],
      json: true,
      temperature: 0.2,
      maxTokens: 300,
      apiKey: "sk-server-openai-key",
      timeoutMs: 1234,
    });
    expect(outcome).toMatchObject({
      kind: "completed",
      stateValue: { title: "T" },
      output: { json: { title: "T" } },
    });
  });

  it("sends a lone systemPrompt as the user turn", async () => {
    const openai = scriptedProvider("openai", { text: "ok" });
    await executorHarness({ providers: { openai } }).run(
      await llmStep({ model: "gpt-4o", messages: undefined, systemPrompt: "Say ok" }),
    );
    expect(openai.requests[0]?.messages).toEqual([{ role: "user", content: "Say ok" }]);
    expect(openai.requests[0]?.system).toBeUndefined();
  });
});

describe("llm executor: resolution and fallback", () => {
  it("fails an unknown prefix as a provider-resolution error, without retries or calls", async () => {
    const openai = scriptedProvider("openai", { text: "never" });
    const outcome = await executorHarness({ providers: { openai } }).run(
      await llmStep({ model: "llama-3-70b" }),
    );
    expect(outcome).toMatchObject({
      kind: "failed",
      retryable: false,
      error: expect.stringMatching(/^Provider resolution failed/),
    });
    expect(openai.requests).toHaveLength(0);
  });

  it("tries primary, fallbackModels, then workspace providers by priority, recording each fallback", async () => {
    const openai = scriptedProvider(
      "openai",
      failure("openai", "rate_limit", "429 slow down"),
      failure("openai", "server"),
    );
    const google = scriptedProvider(
      "google",
      failure("google", "timeout", "google call timed out after 1234 ms"),
    );
    const anthropic = scriptedProvider("anthropic", { text: "From Claude" });
    const outcome = await executorHarness({
      providers: { openai, google, anthropic },
      credentials: {
        keys: { openai: "sk-openai-key-000", google: "g-key-00000000", anthropic: "sk-ant-key-0000" },
        fallbackProviders: ["google", "anthropic"],
      },
    }).run(await llmStep({ model: "gpt-4o", fallbackModels: ["gpt-4o-mini"] }));

    expect(
      [...openai.requests, ...google.requests, ...anthropic.requests].map((request) => request.model),
    ).toEqual(["gpt-4o", "gpt-4o-mini", "gemini-2.0-flash", "claude-haiku-4-5"]);
    expect(eventsOf(outcome, "LLM_FALLBACK_TRIGGERED")).toEqual([
      {
        stepName: "write",
        failedModel: "gpt-4o",
        nextModel: "gpt-4o-mini",
        error: "429 slow down",
        errorClass: "rate_limit",
      },
      {
        stepName: "write",
        failedModel: "gpt-4o-mini",
        nextModel: "gemini-2.0-flash",
        error: "server failure",
        errorClass: "server_error",
      },
      {
        stepName: "write",
        failedModel: "gemini-2.0-flash",
        nextModel: "claude-haiku-4-5",
        error: "google call timed out after 1234 ms",
        errorClass: "timeout",
      },
    ]);
    expect(eventsOf(outcome, "LLM_CALL_FAILED")).toHaveLength(3);
    expect(eventsOf(outcome, "LLM_CALL_FAILED")[0]).toMatchObject({
      model: "gpt-4o",
      error: "429 slow down",
    });
    expect(outcome).toMatchObject({
      kind: "completed",
      output: { model: "claude-haiku-4-5", provider: "anthropic" },
    });
    expect(anthropic.requests[0]?.apiKey).toBe("sk-ant-key-0000");
  });

  it("is retryable when any candidate's failure was retryable, not when all were permanent", async () => {
    const both = async (first: "auth" | "server") =>
      executorHarness({
        providers: {
          openai: scriptedProvider("openai", failure("openai", first)),
          anthropic: scriptedProvider("anthropic", failure("anthropic", "bad_request")),
        },
      }).run(await llmStep({ model: "gpt-4o", fallbackModels: ["claude-haiku-4-5"] }));
    expect(await both("server")).toMatchObject({
      kind: "failed",
      retryable: true,
      error: "All models failed: gpt-4o: server failure; claude-haiku-4-5: bad_request failure",
    });
    expect(await both("auth")).toMatchObject({ kind: "failed", retryable: false });
  });

  it("skips a provider without any key, and says so", async () => {
    const outcome = await executorHarness({
      providers: {
        google: scriptedProvider("google", { text: "x" }),
        openai: scriptedProvider("openai", { text: "ok" }),
      },
      credentials: { keys: { openai: "sk-openai-key-000" }, fallbackProviders: [] },
    }).run(await llmStep({ model: "gemini-2.5-pro", fallbackModels: ["gpt-4o"] }));
    expect(eventsOf(outcome, "LLM_FALLBACK_TRIGGERED")).toEqual([
      {
        stepName: "write",
        failedModel: "gemini-2.5-pro",
        nextModel: "gpt-4o",
        error:
          "No API key is configured for google (add one with PUT /v1/llm-providers, or set GOOGLE_API_KEY)",
        errorClass: "unavailable",
      },
    ]);
    expect(outcome.kind).toBe("completed");
  });

  it("never lets a key echoed in a provider error reach an event or the step error", async () => {
    const key = "sk-workspace-secret-123456";
    const openai = scriptedProvider(
      "openai",
      failure("openai", "auth", `Incorrect API key provided: ${key}`),
    );
    const outcome = await executorHarness({
      providers: { openai },
      credentials: { keys: { openai: key }, fallbackProviders: [] },
    }).run(await llmStep({ model: "gpt-4o" }));
    expect(JSON.stringify(outcome)).not.toContain(key);
    expect(outcome).toMatchObject({
      kind: "failed",
      error: "gpt-4o: Incorrect API key provided: [redacted]",
    });
  });
});

describe("llm executor: guardrails and structured output", () => {
  it("records GUARDRAIL_TRIGGERED and fails the attempt retryably, keeping the cost of the call", async () => {
    const openai = scriptedProvider("openai", { text: "This is CONFIDENTIAL" });
    const outcome = await executorHarness({ providers: { openai } }).run(
      await llmStep({ model: "gpt-4o", guardrails: [{ type: "blocklist", words: ["confidential"] }] }),
    );
    expect(outcome).toMatchObject({
      kind: "failed",
      retryable: true,
      error: expect.stringMatching(/^Guardrail blocklist failed/),
    });
    expect(eventsOf(outcome, "GUARDRAIL_TRIGGERED")).toEqual([
      {
        stepName: "write",
        model: "gpt-4o",
        guardrail: "blocklist",
        reason: "The answer contains blocked words: confidential",
      },
    ]);
    expect(outcome.cost?.calls).toHaveLength(1);
  });

  it("fails the attempt (retryably) on an answer that is not JSON, or breaks outputSchema, past its repairs", async () => {
    const openai = scriptedProvider(
      "openai",
      { text: "not json" },
      { text: "still not" },
      { text: '{"n":"x"}' },
      { text: '{"n":"y"}' },
    );
    const harness = executorHarness({ providers: { openai } });
    const step = await llmStep({
      model: "gpt-4o",
      responseFormat: "json",
      outputSchema: { type: "object", properties: { n: { type: "number" } } },
    });
    expect(await harness.run(step)).toMatchObject({
      kind: "failed",
      retryable: true,
      error: "The answer is not valid JSON",
    });
    expect(await harness.run(step)).toMatchObject({
      kind: "failed",
      retryable: true,
      error: expect.stringMatching(/^The answer does not satisfy outputSchema/),
    });
  });
});
