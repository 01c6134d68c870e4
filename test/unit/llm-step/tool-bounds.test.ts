import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../core/domain/limits";
import { createToolRunner, type StepTools } from "../../../core/llm/step-tools";
import type { CallTool } from "../../../core/remote-tools/call-remote-tool";
import { noMcpServers } from "../../helpers/no-mcp";

/** docs/limits.md: a tool call's arguments and result, bounded before either is written into the conversation. */
const tool = {
  id: "tol_1",
  name: "lookup",
  url: "https://tools.example.com/lookup",
  timeoutMs: 1000,
  secret: "s",
};
const tools: StepTools = { specs: [], byName: new Map([["lookup", { kind: "remote" as const, tool }]]) };
const context = { workflowRunId: "run_1", stepName: "ask", callIdPrefix: "stp_1:1" };

/** A tool that answers `result` and counts its calls. */
function answering(result: unknown) {
  const calls: unknown[] = [];
  const callTool: CallTool = async (_tool, request) => {
    calls.push(request.arguments);
    return { ok: true, result, durationMs: 1 };
  };
  return { calls, run: createToolRunner(tools, { callTool, mcp: noMcpServers }, context) };
}

/** A string field whose object takes exactly `bytes` as JSON. */
const sized = (bytes: number) => ({ v: "x".repeat(bytes - '{"v":""}'.length) });
// Built by parsing, not recursion: as a remote tool's JSON answer arrives.
const nested = (depth: number): unknown => JSON.parse(`${"[".repeat(depth)}1${"]".repeat(depth)}`);

describe("tool call arguments", () => {
  it("are sent at their bound", async () => {
    const { calls, run } = answering({ ok: true });
    const result = await run({ id: "c1", name: "lookup", arguments: sized(LIMITS.toolArgumentsBytes) });
    expect(result.summary.ok).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it("past their bound, or nested too deep, become an error result and the tool is not called", async () => {
    const { calls, run } = answering({ ok: true });
    const large = await run({ id: "c1", name: "lookup", arguments: sized(LIMITS.toolArgumentsBytes + 1) });
    const deep = await run({ id: "c2", name: "lookup", arguments: { v: nested(LIMITS.jsonDepth + 1) } });
    expect(calls).toHaveLength(0);
    expect(large.summary).toMatchObject({ ok: false, error: expect.stringContaining("arguments") });
    expect(deep.summary).toMatchObject({ ok: false, error: expect.stringContaining("nested deeper") });
    expect(JSON.parse(large.content)).toMatchObject({ error: expect.stringContaining("at most") });
  });
});

describe("tool call results", () => {
  it("reach the model at their bound", async () => {
    const result = await answering(sized(LIMITS.toolResultBytes)).run({
      id: "c1",
      name: "lookup",
      arguments: {},
    });
    expect(result.summary.ok).toBe(true);
    expect(result.content.length).toBe(LIMITS.toolResultBytes);
  });

  it("past their bound, or nested too deep, reach the model as an error instead", async () => {
    const large = await answering(sized(LIMITS.toolResultBytes + 1)).run({
      id: "c1",
      name: "lookup",
      arguments: {},
    });
    const deep = await answering(nested(10_000)).run({ id: "c2", name: "lookup", arguments: {} });
    expect(large.summary).toMatchObject({ ok: false, error: expect.stringContaining("result") });
    expect(large.content.length).toBeLessThan(1000);
    expect(deep.summary).toMatchObject({ ok: false, error: expect.stringContaining("nested deeper") });
  });
});
