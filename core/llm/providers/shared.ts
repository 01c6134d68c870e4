import { isPlainObject } from "../../domain/json-bounds";
import {
  type LlmMessage,
  type LlmRequest,
  ProviderError,
  type ProviderName,
  type ToolCall,
} from "../../domain/llm-call";

/**
 * What the three adapters share in shaping requests and answers: tool-argument parsing, the JSON
 * instruction and fence, and grouping of tool results. Provider-specific wire mapping stays in each
 * adapter; running the call (deadline, error classification) is in sdk-call.ts.
 */

/**
 * A model that emits tool arguments which are not a JSON object produced a malformed answer, not a bad
 * request of ours: the same call may well succeed again, so it is a retryable "server" error rather than
 * passing garbage on to a tool.
 */
export function parseToolArguments(
  provider: ProviderName,
  toolName: string,
  raw: string,
): Record<string, unknown> {
  if (raw.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new ProviderError(
      provider,
      "server",
      `${provider} returned invalid JSON arguments for tool ${toolName}`,
      {
        cause: error,
      },
    );
  }
  return objectArguments(provider, parsed, `arguments for tool ${toolName}`);
}

/**
 * Tool arguments the SDK already parsed must still be a JSON object, for the same reason as in
 * parseToolArguments. `what` names them in the error, as the provider does ("input for tool x").
 */
export function objectArguments(
  provider: ProviderName,
  value: unknown,
  what: string,
): Record<string, unknown> {
  if (!isPlainObject(value))
    throw new ProviderError(provider, "server", `${provider} returned non-object ${what}`);
  return value;
}

const JSON_INSTRUCTION =
  "Answer with exactly one JSON object and nothing else: no prose before or after it, no Markdown code fences.";

/** The request's system prompt with the JSON instruction appended, where the API's JSON mode cannot be used. */
export function systemAskingForJson(request: LlmRequest): string {
  const system = request.system;
  return system === undefined || system.trim() === "" ? JSON_INSTRUCTION : `${system}\n\n${JSON_INSTRUCTION}`;
}

/** Whether the prompt already mentions JSON (OpenAI's JSON mode rejects requests whose messages do not). */
export function mentionsJson(request: LlmRequest): boolean {
  const texts = [request.system ?? "", ...request.messages.map((message) => message.content)];
  return texts.some((text) => /json/i.test(text));
}

/** A Markdown fence around an otherwise-JSON answer is removed, since the engine parses the text as JSON. */
export function unwrapJsonFence(text: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return match?.[1] ?? text;
}

/** The answer's text as the engine gets it: whenever JSON was asked for, without a Markdown fence around it. */
export function answerText(request: LlmRequest, text: string): string {
  return request.json === true ? unwrapJsonFence(text) : text;
}

export type MessageGroup =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls: ToolCall[] }
  | { role: "tool"; results: Extract<LlmMessage, { role: "tool" }>[] };

/**
 * Consecutive tool results become one group: Anthropic and Gemini want all answers to one turn's
 * (parallel) tool calls in a single following user turn.
 */
export function groupMessages(messages: LlmMessage[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (const message of messages) {
    if (message.role === "tool") {
      const last = groups.at(-1);
      if (last?.role === "tool") last.results.push(message);
      else groups.push({ role: "tool", results: [message] });
    } else if (message.role === "assistant") {
      groups.push({ role: "assistant", content: message.content, toolCalls: message.toolCalls ?? [] });
    } else {
      groups.push({ role: "user", content: message.content });
    }
  }
  return groups;
}
