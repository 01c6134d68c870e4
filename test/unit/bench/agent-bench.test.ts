import { describe, expect, it } from "vitest";
import { flatness, turnFigures, windowFigures } from "../../../bench/lib/agent-figures";
import { type KilledRun, killChecks, killChecksPassed } from "../../../bench/lib/agent-kill-checks";
import type { ModelCallSeen, ToolCallSeen } from "../../../bench/lib/agent-servers";

/** The agent benches' arithmetic: a turn cut at tool calls, and what 100 kills must leave. */
const toolCall = (turn: number, startMs: number, wru: number, callId = `stp_1:${turn}:1`): ToolCallSeen => ({
  callId,
  workflowRunId: "run_1",
  turn,
  startMs,
  endMs: startMs + 1,
  billed: { "work.wru": wru, "work.wru@run": wru * 0.8 },
});
const modelCall = (
  startMs: number,
  endMs: number,
  firstUserText = "",
  assistantTurns = 0,
): ModelCallSeen => ({
  startMs,
  endMs,
  requestBytes: 100,
  firstUserText,
  assistantTurns,
});

describe("bench:agent's figures", () => {
  it("takes the model's and the tool's time out of each turn and counts the units between two tool calls", () => {
    const tools = [toolCall(1, 0, 10), toolCall(2, 100, 15), toolCall(2, 150, 40), toolCall(3, 260, 21)];
    const turns = turnFigures(tools, [modelCall(30, 50), modelCall(130, 190)]);

    // Turn 2's repeated call is the same turn's: turns run 1→2 and 2→3.
    expect(turns).toEqual([
      { turn: 1, wallMs: 100, modelMs: 20, engineMs: 79, writeUnits: 5 },
      { turn: 2, wallMs: 160, modelMs: 60, engineMs: 99, writeUnits: 6 },
    ]);
    const window = windowFigures(turns, [toolCall(1, 0, 10), toolCall(2, 100, 15), toolCall(3, 260, 21)]);
    expect(window).toMatchObject({ from: 1, to: 2, wruPerTurn: 5.5, wruByKind: { run: 4.4 } });
    expect(flatness(window, { ...window, engineP50Ms: window.engineP50Ms * 1.3 })).toMatchObject({
      timeFlat: false,
      unitsFlat: true,
    });
  });
});

describe("bench:agent-kills' checks", () => {
  const run = (messages: string[], turns: number): KilledRun => ({
    runId: "run_1",
    mark: "k1k",
    stepRunId: "stp_1",
    status: "COMPLETED",
    transcript: { turns, messages: messages.map((role) => ({ role })) },
  });
  const whole = run(["assistant", "tool", "assistant", "tool", "assistant"], 3);
  const tools = [toolCall(1, 0, 0), toolCall(2, 10, 0), toolCall(2, 20, 0)];
  const models = [
    modelCall(0, 1, "Where is k1k?", 0),
    modelCall(5, 6, "Where is k1k?", 1),
    modelCall(12, 13, "Where is k1k?", 1),
    modelCall(25, 26, "Where is k1k?", 2),
  ];

  it("passes a repeat of the call in flight after a kill, with its first key", () => {
    const checks = killChecks([whole], { tool: tools, model: models, killedAtMs: [11] }, 2);

    expect(checks).toMatchObject({ repeatedToolCalls: 1, repeatedModelCalls: 1, transcriptFaults: 0 });
    expect(killChecksPassed(checks)).toBe(true);
  });

  it("fails a turn committed twice, a key of no committed turn, and two repeats after one kill", () => {
    const doubled = run(["assistant", "tool", "assistant", "tool", "assistant", "tool", "assistant"], 4);
    expect(killChecksPassed(killChecks([doubled], { tool: tools, model: models, killedAtMs: [11] }, 2))).toBe(
      false,
    );

    const stray = [...tools, toolCall(9, 30, 0)];
    expect(killChecks([whole], { tool: stray, model: models, killedAtMs: [11] }, 2).unexpectedToolKeys).toBe(
      1,
    );

    const twice = [...models, modelCall(27, 28, "Where is k1k?", 2)];
    const checks = killChecks([whole], { tool: tools, model: twice, killedAtMs: [11] }, 2);
    expect(checks.mostRepeatedModelCallsAfterAKill).toBe(2);
    expect(killChecksPassed(checks)).toBe(false);
  });
});
