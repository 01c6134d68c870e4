import { describe, expect, it } from "vitest";
import { stopAfterTools } from "../../../core/llm/agent-stop";

/** docs/agents.md, `stopWhen`: which of a turn's calls, once run, end the agent. */
const call = (id: string, name: string, args: Record<string, unknown> = {}) => ({
  id,
  name,
  arguments: args,
});
const result = (id: string, name: string, content: unknown) => ({
  role: "tool" as const,
  toolCallId: id,
  toolName: name,
  content: JSON.stringify(content),
});

describe("stopAfterTools", () => {
  const calls = [call("a", "check", { n: 1 }), call("b", "check", { n: 2 })];
  const toolResult = { tool: "check", matches: { status: "passed" } };

  it("stops at the first call whose answered result matches, with that result", () => {
    const results = [result("a", "check", { status: "failed" }), result("b", "check", { status: "passed" })];
    expect(stopAfterTools({ toolResult }, calls, results, [true, true])).toEqual({
      tool: "check",
      arguments: { n: 2 },
      result: { status: "passed" },
    });
  });

  it("does not stop on a failed call, whatever its error says, nor on a result that is not an object", () => {
    const looksPassed = [result("a", "check", { status: "passed" }), result("b", "check", ["passed"])];
    expect(stopAfterTools({ toolResult }, calls, looksPassed, [false, true])).toBeUndefined();
  });

  it("stops at a call of the tool toolCalled names, whatever it answered", () => {
    const results = [result("a", "check", { error: "down" }), result("b", "check", {})];
    expect(stopAfterTools({ toolCalled: "check" }, calls, results, [false, false])).toEqual({
      tool: "check",
      arguments: { n: 1 },
    });
    expect(stopAfterTools(undefined, calls, results, [true, true])).toBeUndefined();
  });
});
