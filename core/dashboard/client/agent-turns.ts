import type { AgentTranscript, RunEvent } from "./types";

/** One tool call of a turn as the run page shows it. */
export interface TurnCall {
  name: string;
  arguments: Record<string, unknown>;
  /** The tool's answer as the model read it (absent while the call has not run). */
  result?: string;
  ok?: boolean;
  durationMs?: number;
}

/** One model turn: what it said, the calls it asked for and what the turn spent. */
export interface Turn {
  turn: number;
  text: string;
  calls: TurnCall[];
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
}

type TurnPayload = { turn: number; inputTokens: number; outputTokens: number; costUsd: number };
type ToolPayload = { ok: boolean; durationMs: number };

/**
 * An agent step's turns, from its transcript (each assistant message is a turn; a tool message answers the call
 * of that id) and its events (AGENT_TURN_COMPLETED per turn; TOOL_CALL_EXECUTED per call, in the order the
 * transcript has the results, since both are written by the commit of the unit that ran them).
 */
export function agentTurns(transcript: AgentTranscript, events: readonly RunEvent[]): Turn[] {
  const turnEvents = new Map<number, TurnPayload>();
  const toolEvents: ToolPayload[] = [];
  for (const event of events) {
    if (event.eventType === "AGENT_TURN_COMPLETED") {
      const payload = event.payload as unknown as TurnPayload;
      turnEvents.set(payload.turn, payload);
    } else if (event.eventType === "TOOL_CALL_EXECUTED") {
      toolEvents.push(event.payload as unknown as ToolPayload);
    }
  }
  const turns: Turn[] = [];
  const byCallId = new Map<string, TurnCall>();
  let toolResults = 0;
  for (const message of transcript.messages) {
    if (message.role === "assistant") {
      const spent = turnEvents.get(turns.length + 1);
      const calls = (message.toolCalls ?? []).map((call) => {
        const shown: TurnCall = { name: call.name, arguments: call.arguments };
        byCallId.set(call.id, shown);
        return shown;
      });
      turns.push({
        turn: turns.length + 1,
        text: message.content,
        calls,
        ...(spent && {
          inputTokens: spent.inputTokens,
          outputTokens: spent.outputTokens,
          costUsd: spent.costUsd,
        }),
      });
    } else if (message.role === "tool") {
      const call = byCallId.get(message.toolCallId);
      const ran = toolEvents[toolResults];
      toolResults += 1;
      if (!call) continue;
      call.result = message.content;
      if (ran) Object.assign(call, { ok: ran.ok, durationMs: ran.durationMs });
    }
  }
  return turns;
}
