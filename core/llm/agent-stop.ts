import type { AgentStep } from "../domain/agent-step";
import { isPlainObject } from "../domain/json-bounds";
import { matchesFilter } from "../domain/json-filter";
import type { LlmMessage, ToolCall } from "../domain/llm-call";

/** What ended an agent after its turn's tools ran: a call stopWhen named, with its result when it matched one. */
export interface AgentStop {
  tool: string;
  arguments: Record<string, unknown>;
  result?: Record<string, unknown>;
}

/**
 * Whether the turn's calls, now run, end the step (docs/agents.md, `stopWhen`): a call of the tool
 * `toolCalled` names, or a call of `toolResult.tool` that the tool answered with an object matching
 * `toolResult.matches` (a failed call's error never matches). The first such call, in the turn's order.
 */
export function stopAfterTools(
  stopWhen: AgentStep["stopWhen"],
  calls: readonly ToolCall[],
  results: readonly Extract<LlmMessage, { role: "tool" }>[],
  answered: readonly boolean[],
): AgentStop | undefined {
  if (!stopWhen) return undefined;
  for (const [i, call] of calls.entries()) {
    if (call.name === stopWhen.toolCalled) return { tool: call.name, arguments: call.arguments };
    const wanted = stopWhen.toolResult;
    if (call.name !== wanted?.tool || !answered[i]) continue;
    const result = parsedObject(results[i]?.content);
    if (result && matchesFilter(wanted.matches, result))
      return { tool: call.name, arguments: call.arguments, result };
  }
  return undefined;
}

function parsedObject(content: string | undefined): Record<string, unknown> | undefined {
  if (content === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(content);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
