import {
  type LlmMessage,
  type LlmRequest,
  ProviderError,
  type ProviderErrorKind,
  type ProviderName,
  type ToolCall,
} from "../provider";

/**
 * What the three adapters share: status classification, the per-call deadline, tool-argument parsing,
 * the JSON-mode instruction and grouping of tool results. Provider-specific wire mapping stays in each adapter.
 */

/**
 * HTTP status → error kind. 408 and 409 are transient on these APIs (the SDKs themselves retry them), so
 * they are classified as retryable; 529 is Anthropic's "overloaded".
 */
export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 429) return "rate_limit";
  if (status === 408) return "timeout";
  if (status === 401 || status === 403) return "auth";
  if (status === 409 || status >= 500) return "server";
  return "bad_request";
}

export interface Deadline {
  readonly signal: AbortSignal;
  /** True once the call's time is up: whatever the SDK then throws is reported as a timeout. */
  readonly expired: () => boolean;
  readonly clear: () => void;
}

/**
 * Our own abort timer on top of the SDK's timeout option: the OpenAI and Anthropic SDKs stop their timer
 * once headers arrive (a stalled body would hang), and the Google SDK never clears its timer.
 */
export function startDeadline(timeoutMs: number): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  return {
    signal: controller.signal,
    expired: () => expired,
    clear: () => clearTimeout(timer),
  };
}

/** SDKs validate the timeout as a positive integer. */
export function sdkTimeout(request: LlmRequest): number {
  return Math.max(1, Math.ceil(request.timeoutMs));
}

/**
 * Anything the SDK throws that is neither an HTTP status nor a connection failure (an unparsable body, an
 * SDK-side check) says nothing against trying again or another provider, so it counts as "server".
 */
export function unexpectedError(provider: ProviderName, error: unknown): ProviderError {
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(provider, "server", `${provider}: ${message}`, { cause: error });
}

/** Runs one SDK call under the request's deadline, turning every failure into a classified ProviderError. */
export async function callWithDeadline<T>(
  provider: ProviderName,
  request: LlmRequest,
  classify: (error: unknown) => ProviderError,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  // Without a key the SDKs would throw their own configuration errors (or read the environment).
  if (request.apiKey.trim() === "") throw new ProviderError(provider, "auth", `no ${provider} API key`);
  const deadline = startDeadline(sdkTimeout(request));
  try {
    return await call(deadline.signal);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (deadline.expired()) {
      throw new ProviderError(
        provider,
        "timeout",
        `${provider} call timed out after ${request.timeoutMs} ms`,
        {
          cause: error,
        },
      );
    }
    throw classify(error);
  } finally {
    deadline.clear();
  }
}

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
  if (!isPlainObject(parsed)) {
    throw new ProviderError(
      provider,
      "server",
      `${provider} returned non-object arguments for tool ${toolName}`,
    );
  }
  return parsed;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const JSON_INSTRUCTION =
  "Answer with exactly one JSON object and nothing else: no prose before or after it, no Markdown code fences.";

/** Appends a paragraph to an optional system prompt. */
export function withSystemSuffix(system: string | undefined, suffix: string): string {
  return system === undefined || system.trim() === "" ? suffix : `${system}\n\n${suffix}`;
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
