/**
 * One interface over the three model providers' official SDKs. The engine speaks only this; each adapter
 * (core/llm/providers/<name>.ts) maps it onto its SDK, including tool calls and usage.
 */
export type ProviderName = "openai" | "anthropic" | "google";
export const PROVIDER_NAMES: readonly ProviderName[] = ["openai", "anthropic", "google"];

export interface ToolCall {
  /** The provider's id for the call, echoed back with its result. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type LlmMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; toolName: string; content: string };

export interface ToolSpec {
  name: string;
  description: string;
  /** A JSON Schema object describing the arguments. */
  parameters: Record<string, unknown>;
}

/**
 * Whether the model must call a tool: as it likes (`auto`), some tool (`required`), none, or the one named.
 * Each adapter says it in its provider's words (tool_choice, toolConfig).
 */
export type ToolChoice = "auto" | "required" | "none" | { tool: string };

export interface LlmRequest {
  model: string;
  system?: string;
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  tools?: ToolSpec[];
  /** How the model may use `tools`; absent, as it likes. */
  toolChoice?: ToolChoice;
  /** Ask for a JSON object as the answer (the provider's JSON mode where it has one). */
  json?: boolean;
  apiKey: string;
  timeoutMs: number;
  /**
   * Given, the call streams: each piece of the answer's text is handed here as it arrives (the response is
   * the same whole answer either way). Never asked to throw: the caller's delivery is best effort.
   */
  onToken?: (delta: string) => void;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
  /** Input tokens served from the provider's prompt cache, where it reports them (part of inputTokens). */
  cachedInputTokens: number;
}

export interface LlmResponse {
  text: string;
  toolCalls: ToolCall[];
  usage: LlmUsage;
  /** The model that answered, as the provider names it. */
  model: string;
}

export interface LlmProvider {
  readonly name: ProviderName;
  /** @throws ProviderError, classified, for every failure of the call. */
  complete(request: LlmRequest): Promise<LlmResponse>;
}

export type ProviderErrorKind =
  | "rate_limit"
  | "server"
  | "overloaded"
  | "timeout"
  | "connection"
  | "context_length"
  | "content_filter"
  | "auth"
  | "bad_request";

/**
 * A failed provider call, classified so fallback and retries can decide: rate limits, server errors,
 * overload, timeouts and connection failures are worth another model or attempt; auth, bad requests, a
 * prompt longer than the model's window and a refusal by the provider's content filter are not fixed by
 * trying again with the same key and request.
 */
export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly provider: ProviderName;
  readonly status: number | undefined;
  /**
   * The answer's headers that say when to ask again (retry-after, the rate limits' resets), lower-case;
   * read against the clock where the failure is handled (core/domain/retry-after.ts, providerWaitMs).
   */
  readonly waitHeaders: Readonly<Record<string, string>> | undefined;

  constructor(
    provider: ProviderName,
    kind: ProviderErrorKind,
    message: string,
    options: { status?: number; cause?: unknown; waitHeaders?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ProviderError";
    this.provider = provider;
    this.kind = kind;
    this.status = options.status;
    this.waitHeaders = options.waitHeaders;
  }

  get retryable(): boolean {
    return !PERMANENT_KINDS.has(this.kind);
  }
}

const PERMANENT_KINDS: ReadonlySet<ProviderErrorKind> = new Set([
  "auth",
  "bad_request",
  "context_length",
  "content_filter",
]);
