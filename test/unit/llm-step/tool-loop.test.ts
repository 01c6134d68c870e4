import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../core/domain/limits";
import type { LlmRequest } from "../../../core/domain/llm-call";
import { eventsOf, eventTypes, executorHarness, llmStep, scriptedProvider } from "./helpers";

const weatherCall = (id: string, city: string) => ({ id, name: "weather", arguments: { city } });
const toolMessages = (request: LlmRequest | undefined) =>
  request?.messages.filter((message) => message.role === "tool");

describe("llm executor: the tool loop", () => {
  it("runs the model's tool calls, hands back their results, and answers after them", async () => {
    const openai = scriptedProvider(
      "openai",
      { toolCalls: [weatherCall("call_a", "Paris"), weatherCall("call_b", "Oslo")] },
      { text: "Paris 21, Oslo 4" },
    );
    const harness = executorHarness({
      providers: { openai },
      tools: {
        weather: (args) => ({
          ok: true,
          result: { city: args.city, tempC: args.city === "Paris" ? 21 : 4 },
          durationMs: 7,
        }),
      },
    });
    const outcome = await harness.run(
      await llmStep({
        model: "gpt-4o",
        tools: [
          { remoteTool: "weather", name: "weather", description: "Weather", parameters: { type: "object" } },
        ],
      }),
    );
    expect(outcome).toMatchObject({
      kind: "completed",
      output: {
        text: "Paris 21, Oslo 4",
        toolCalls: [
          { tool: "weather", ok: true },
          { tool: "weather", ok: true },
        ],
      },
    });
    expect(openai.requests[0]?.tools).toEqual([
      { name: "weather", description: "Weather", parameters: { type: "object" } },
    ]);
    expect(toolMessages(openai.requests[1])).toEqual([
      { role: "tool", toolCallId: "call_a", toolName: "weather", content: '{"city":"Paris","tempC":21}' },
      { role: "tool", toolCallId: "call_b", toolName: "weather", content: '{"city":"Oslo","tempC":4}' },
    ]);
    expect(openai.requests[1]?.messages[1]).toMatchObject({
      role: "assistant",
      toolCalls: [{ id: "call_a" }, { id: "call_b" }],
    });
    // Call ids are numbered within the attempt: a repeat of the attempt sends the same ones.
    expect(harness.toolCalls.map((call) => call.callId)).toEqual(["stp_1:1:1", "stp_1:1:2"]);
    expect(eventTypes(outcome)).toEqual([
      "LLM_CALL_STARTED",
      "LLM_CALL_COMPLETED",
      "TOOL_CALL_EXECUTED",
      "TOOL_CALL_EXECUTED",
      "LLM_CALL_STARTED",
      "LLM_CALL_COMPLETED",
    ]);
    expect(eventsOf(outcome, "TOOL_CALL_EXECUTED")[0]).toEqual({
      stepName: "write",
      tool: "weather",
      durationMs: 7,
      ok: true,
    });
    // Both calls are paid for: one cost record each, summed in the output.
    expect(outcome.cost?.calls).toHaveLength(2);
    expect(outcome.kind === "completed" && outcome.output.inputTokens).toBe(200);
  });

  it("hands tool errors to the model as results instead of failing the step", async () => {
    const openai = scriptedProvider(
      "openai",
      { toolCalls: [weatherCall("c1", "Paris"), { id: "c2", name: "nonexistent", arguments: {} }] },
      { text: "Sorry, the weather service is down" },
    );
    const outcome = await executorHarness({
      providers: { openai },
      tools: {
        weather: () => ({ ok: false, error: "Tool answered HTTP 503", detail: "maintenance", durationMs: 3 }),
      },
    }).run(await llmStep({ model: "gpt-4o", tools: [{ remoteTool: "weather" }] }));
    expect(outcome.kind).toBe("completed");
    expect(toolMessages(openai.requests[1])?.map((message) => message.content)).toEqual([
      '{"error":"Tool answered HTTP 503","detail":"maintenance"}',
      '{"error":"Unknown tool \\"nonexistent\\""}',
    ]);
    expect(eventsOf(outcome, "TOOL_CALL_EXECUTED")).toEqual([
      { stepName: "write", tool: "weather", durationMs: 3, ok: false, error: "Tool answered HTTP 503" },
      {
        stepName: "write",
        tool: "nonexistent",
        durationMs: 0,
        ok: false,
        error: 'Unknown tool "nonexistent"',
      },
    ]);
    // A tool declared by remoteTool alone accepts any arguments object.
    expect(openai.requests[0]?.tools?.[0]).toEqual({
      name: "weather",
      description: "Remote tool weather",
      parameters: { type: "object", additionalProperties: true },
    });
  });

  it("fails the attempt (retryably) when the model still wants tools after maxToolRounds", async () => {
    const openai = scriptedProvider(
      "openai",
      { toolCalls: [weatherCall("c1", "A")] },
      { toolCalls: [weatherCall("c2", "B")] },
      { toolCalls: [weatherCall("c3", "C")] },
    );
    const harness = executorHarness({
      providers: { openai, anthropic: scriptedProvider("anthropic", { text: "never tried" }) },
      tools: { weather: () => ({ ok: true, result: {}, durationMs: 1 }) },
    });
    const outcome = await harness.run(
      await llmStep({
        model: "gpt-4o",
        fallbackModels: ["claude-haiku-4-5"],
        maxToolRounds: 2,
        tools: [{ remoteTool: "weather" }],
      }),
    );
    expect(outcome).toMatchObject({
      kind: "failed",
      retryable: true,
      error: "gpt-4o still asked for tools after 2 tool rounds (maxToolRounds)",
    });
    expect(openai.requests).toHaveLength(3);
    expect(harness.toolCalls).toHaveLength(2);
    expect(outcome.cost?.calls).toHaveLength(3);
  });

  it("fails the attempt (retryably), running none, when one answer asks for more tool calls than the bound", async () => {
    const calls = Array.from({ length: LIMITS.toolCallsPerAnswer + 1 }, (_, at) =>
      weatherCall(`c${at}`, "A"),
    );
    const harness = executorHarness({
      providers: { openai: scriptedProvider("openai", { toolCalls: calls }) },
      tools: { weather: () => ({ ok: true, result: {}, durationMs: 1 }) },
    });
    const outcome = await harness.run(await llmStep({ model: "gpt-4o", tools: [{ remoteTool: "weather" }] }));

    expect(outcome).toMatchObject({
      kind: "failed",
      retryable: true,
      error: `gpt-4o asked for ${LIMITS.toolCallsPerAnswer + 1} tool calls in one answer; at most ${LIMITS.toolCallsPerAnswer} run (LIMITS.toolCallsPerAnswer)`,
    });
    expect(harness.toolCalls).toHaveLength(0);
  });

  it("offers no tools with maxToolRounds 0", async () => {
    const openai = scriptedProvider("openai", { text: "plain" });
    await executorHarness({
      providers: { openai },
      tools: { weather: () => ({ ok: true, result: {}, durationMs: 1 }) },
    }).run(await llmStep({ model: "gpt-4o", maxToolRounds: 0, tools: [{ remoteTool: "weather" }] }));
    expect(openai.requests[0]?.tools).toBeUndefined();
  });

  it("fails the step for good when a declared tool is not registered, before any call", async () => {
    const openai = scriptedProvider("openai", { text: "never" });
    const outcome = await executorHarness({ providers: { openai } }).run(
      await llmStep({ model: "gpt-4o", tools: [{ remoteTool: "missing_tool" }] }),
    );
    expect(outcome).toMatchObject({
      kind: "failed",
      retryable: false,
      error: 'Remote tool "missing_tool" is not registered in this workspace',
    });
    expect(openai.requests).toHaveLength(0);
  });
});
