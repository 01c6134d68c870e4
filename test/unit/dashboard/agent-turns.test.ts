import { describe, expect, it } from "vitest";
import { agentTurns } from "../../../core/dashboard/client/agent-turns";
import type { RunEvent } from "../../../core/dashboard/client/types";

/** The run page's turn view (docs/agents.md): an agent step's turns assembled from its transcript and events. */
const event = (eventType: string, payload: Record<string, unknown>) =>
  ({ eventType, payload, stepRunId: "stp_1" }) as unknown as RunEvent;

describe("an agent step's turns on the run page", () => {
  it("gives each turn its text, spend and calls, each call its result and duration", () => {
    const transcript = {
      stepRunId: "stp_1",
      turns: 2,
      messages: [
        {
          role: "assistant" as const,
          content: "Looking them up.",
          toolCalls: [
            { id: "a", name: "lookup", arguments: { id: "c-1" } },
            { id: "b", name: "lookup", arguments: { id: "c-2" } },
          ],
        },
        { role: "tool" as const, toolCallId: "a", toolName: "lookup", content: '{"plan":"pro"}' },
        { role: "tool" as const, toolCallId: "b", toolName: "lookup", content: '{"error":"down"}' },
        { role: "assistant" as const, content: "c-1 is on pro." },
      ],
    };
    const events = [
      event("AGENT_TURN_COMPLETED", { turn: 1, inputTokens: 100, outputTokens: 10, costUsd: 0.001 }),
      event("TOOL_CALL_EXECUTED", { tool: "lookup", ok: true, durationMs: 12 }),
      event("TOOL_CALL_EXECUTED", { tool: "lookup", ok: false, durationMs: 30, error: "down" }),
      event("AGENT_TURN_COMPLETED", { turn: 2, inputTokens: 200, outputTokens: 8, costUsd: 0.002 }),
    ];

    expect(agentTurns(transcript, events)).toEqual([
      {
        turn: 1,
        text: "Looking them up.",
        inputTokens: 100,
        outputTokens: 10,
        costUsd: 0.001,
        calls: [
          { name: "lookup", arguments: { id: "c-1" }, result: '{"plan":"pro"}', ok: true, durationMs: 12 },
          { name: "lookup", arguments: { id: "c-2" }, result: '{"error":"down"}', ok: false, durationMs: 30 },
        ],
      },
      { turn: 2, text: "c-1 is on pro.", calls: [], inputTokens: 200, outputTokens: 8, costUsd: 0.002 },
    ]);
  });

  it("shows a turn whose calls have not run yet without results", () => {
    const transcript = {
      stepRunId: "stp_1",
      turns: 1,
      messages: [
        { role: "assistant" as const, content: "", toolCalls: [{ id: "a", name: "slow", arguments: {} }] },
      ],
    };
    expect(agentTurns(transcript, [])).toEqual([
      { turn: 1, text: "", calls: [{ name: "slow", arguments: {} }] },
    ]);
  });
});
