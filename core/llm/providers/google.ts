import { randomUUID } from "node:crypto";
import {
  ApiError,
  type Content,
  FunctionCallingConfigMode,
  type FunctionDeclaration,
  type GenerateContentParameters,
  GenerateContentResponse,
  GoogleGenAI,
  type Part,
  type Schema,
  type ToolConfig,
} from "@google/genai";
import { isPlainObject } from "../../domain/json-bounds";
import {
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
  ProviderError,
  type ToolCall,
  type ToolChoice,
} from "../../domain/llm-call";
import { hasParameters, toGeminiSchema } from "./gemini-schema";
import { httpFailure, kindForStatus, sdkProvider, unexpectedError, unreachable } from "./sdk-call";
import { answerText, groupMessages, objectArguments, systemAskingForJson } from "./shared";

/** The SDK's own default: the host only, the SDK appends /v1beta/models/{model}:generateContent. */
export const GOOGLE_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";

/**
 * Gemini through `@google/genai`, Google's supported SDK (`@google/generative-ai`, used before, lost support
 * on 2025-08-31). Retries are the engine's (its retry policy and fallback), so the SDK makes one attempt;
 * our deadline's signal bounds the call.
 */
export function createGoogleProvider(options: { baseUrl?: string } = {}): LlmProvider {
  const baseUrl = options.baseUrl ?? GOOGLE_DEFAULT_BASE_URL;
  return sdkProvider("google", classifyGoogleError, async (request, signal) => {
    // No retryOptions: the SDK then makes one fetch (with them, it retries through p-retry and wraps the
    // API's errors in its own, losing their status).
    const ai = new GoogleGenAI({ apiKey: request.apiKey, httpOptions: { baseUrl } });
    const params = toGoogleRequest(request, signal);
    const { onToken } = request;
    if (onToken === undefined) return fromGoogleResponse(await ai.models.generateContent(params), request);
    const chunks: GenerateContentResponse[] = [];
    for await (const chunk of await ai.models.generateContentStream(params)) {
      chunks.push(chunk);
      for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
        if (typeof part.text === "string" && part.thought !== true && part.text !== "") onToken(part.text);
      }
    }
    return fromGoogleResponse(mergeChunks(chunks), request);
  });
}

export function toGoogleRequest(request: LlmRequest, signal?: AbortSignal): GenerateContentParameters {
  const contents: Content[] = groupMessages(request.messages).map((group): Content => {
    if (group.role === "user") return { role: "user", parts: [{ text: group.content }] };
    if (group.role === "tool") {
      // Function responses go back in one user turn; the response must be an object, so a result that
      // is not a JSON object is wrapped as {result}.
      return {
        role: "user",
        parts: group.results.map((result) => ({
          functionResponse: { name: result.toolName, response: toResponseObject(result.content) },
        })),
      };
    }
    const parts: Part[] = [];
    if (group.content !== "") parts.push({ text: group.content });
    for (const call of group.toolCalls)
      parts.push({ functionCall: { name: call.name, args: call.arguments } });
    return { role: "model", parts };
  });
  const declarations: FunctionDeclaration[] | undefined = request.tools?.map((tool) => {
    const schema = toGeminiSchema(tool.parameters);
    return {
      name: tool.name,
      description: tool.description,
      // The SDK's Schema type is closed; a schema built at run time cannot be proven to match it.
      ...(hasParameters(schema) && { parameters: schema as Schema }),
    };
  });
  // Gemini refuses JSON mode (responseMimeType) together with function declarations, so with tools
  // JSON is asked for in the system instruction instead, as for Anthropic.
  const withTools = declarations !== undefined && declarations.length > 0;
  const system = request.json === true && withTools ? systemAskingForJson(request) : request.system;
  return {
    model: request.model,
    contents,
    config: {
      ...(system !== undefined && system !== "" && { systemInstruction: system }),
      ...(withTools && { tools: [{ functionDeclarations: declarations }] }),
      ...(withTools && request.toolChoice && { toolConfig: geminiToolConfig(request.toolChoice) }),
      ...(request.temperature !== undefined && { temperature: request.temperature }),
      ...(request.maxTokens !== undefined && { maxOutputTokens: request.maxTokens }),
      ...(request.json === true && !withTools && { responseMimeType: "application/json" }),
      ...(signal !== undefined && { abortSignal: signal }),
    },
  };
}
function toResponseObject(content: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(content);
    return isPlainObject(parsed) ? parsed : { result: parsed };
  } catch {
    return { result: content };
  }
}

/**
 * A streamed answer as one response: every chunk's parts in order, and the usage, finish and model version
 * of the last chunk that has them (Gemini sends the usage with the last).
 */
function mergeChunks(chunks: readonly GenerateContentResponse[]): GenerateContentResponse {
  const parts = chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);
  const last = <K extends keyof GenerateContentResponse>(key: K) =>
    chunks.findLast((chunk) => chunk[key] !== undefined)?.[key];
  const merged = new GenerateContentResponse();
  const finishReason = chunks.findLast((chunk) => chunk.candidates?.[0]?.finishReason)?.candidates?.[0]
    ?.finishReason;
  merged.candidates = chunks.some((chunk) => chunk.candidates !== undefined)
    ? [{ content: { role: "model", parts }, ...(finishReason && { finishReason }) }]
    : undefined;
  merged.promptFeedback = last("promptFeedback");
  merged.usageMetadata = last("usageMetadata");
  merged.modelVersion = last("modelVersion");
  return merged;
}

export function fromGoogleResponse(response: GenerateContentResponse, request: LlmRequest): LlmResponse {
  const candidate = response.candidates?.[0];
  if (candidate === undefined) {
    // No candidate at all means the prompt itself was blocked; the same prompt will be blocked again.
    const reason = response.promptFeedback?.blockReason ?? "no candidates";
    throw new ProviderError("google", "bad_request", `google returned no answer: ${reason}`);
  }
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  for (const part of candidate.content?.parts ?? []) {
    // Thought summaries (thinking models) are not part of the answer.
    if (typeof part.text === "string" && !("thought" in part && part.thought === true)) texts.push(part.text);
    if (part.functionCall !== undefined) {
      const name = part.functionCall.name ?? "";
      const args = objectArguments("google", part.functionCall.args ?? {}, `args for ${name}`);
      // Gemini gives calls no id; one is made up so results can be matched like the other providers'.
      toolCalls.push({ id: `call_${randomUUID()}`, name, arguments: args });
    }
  }
  return {
    text: answerText(request, texts.join("")),
    toolCalls,
    usage: googleUsage(response),
    model: modelVersion(response, request),
  };
}

function googleUsage(response: GenerateContentResponse): LlmResponse["usage"] {
  const usage = response.usageMetadata;
  // Thinking models report thoughtsTokenCount apart from candidatesTokenCount; both are billed as output.
  const thoughts = usage !== undefined && "thoughtsTokenCount" in usage ? usage.thoughtsTokenCount : 0;
  return {
    // promptTokenCount already includes the cached tokens.
    inputTokens: usage?.promptTokenCount ?? 0,
    outputTokens: (usage?.candidatesTokenCount ?? 0) + (typeof thoughts === "number" ? thoughts : 0),
    cachedInputTokens: usage?.cachedContentTokenCount ?? 0,
  };
}

function modelVersion(response: GenerateContentResponse, request: LlmRequest): string {
  const version = "modelVersion" in response ? response.modelVersion : undefined;
  return typeof version === "string" && version !== "" ? version : request.model;
}

export function classifyGoogleError(error: unknown): ProviderError {
  if (error instanceof ApiError) {
    // Gemini answers an invalid key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID: that is an auth failure.
    const keyInvalid = error.message.includes("API_KEY_INVALID");
    return httpFailure("google", keyInvalid ? "auth" : kindForStatus(error.status), error.status, error);
  }
  // A failed fetch (refused, reset, DNS) reaches us as fetch's own TypeError.
  if (error instanceof TypeError && error.message === "fetch failed") return unreachable("google", error);
  return unexpectedError("google", error);
}

/** Gemini's words for it: ANY is "some function", narrowed to the one named. */
function geminiToolConfig(choice: ToolChoice): ToolConfig {
  if (typeof choice !== "string") {
    return {
      functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: [choice.tool] },
    };
  }
  const mode = {
    auto: FunctionCallingConfigMode.AUTO,
    required: FunctionCallingConfigMode.ANY,
    none: FunctionCallingConfigMode.NONE,
  }[choice];
  return { functionCallingConfig: { mode } };
}
