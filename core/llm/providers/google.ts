import { randomUUID } from "node:crypto";
import {
  type Content,
  type FunctionDeclaration,
  type FunctionDeclarationSchema,
  type GenerateContentRequest,
  type GenerateContentResponse,
  GoogleGenerativeAI,
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIRequestInputError,
  type Part,
} from "@google/generative-ai";
import { isPlainObject } from "../../domain/json-bounds";
import {
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
  ProviderError,
  type ToolCall,
} from "../../domain/llm-call";
import { hasParameters, toGeminiSchema } from "./gemini-schema";
import {
  httpFailure,
  kindForStatus,
  sdkProvider,
  sdkTimedOut,
  unexpectedError,
  unreachable,
} from "./sdk-call";
import { answerText, groupMessages, objectArguments, systemAskingForJson } from "./shared";

/** The SDK's own default: the host only, the SDK appends /v1beta/models/{model}:generateContent. */
export const GOOGLE_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";

export function createGoogleProvider(options: { baseUrl?: string } = {}): LlmProvider {
  const baseUrl = options.baseUrl ?? GOOGLE_DEFAULT_BASE_URL;
  return sdkProvider("google", classifyGoogleError, async (request, signal) => {
    // The SDK does not retry. Its `timeout` option arms a timer it never clears (keeping the process alive
    // for the full timeout), so the deadline's signal is the timeout instead.
    const model = new GoogleGenerativeAI(request.apiKey).getGenerativeModel(
      { model: request.model },
      { baseUrl },
    );
    const result = await model.generateContent(toGoogleRequest(request), { signal });
    return fromGoogleResponse(result.response, request);
  });
}

export function toGoogleRequest(request: LlmRequest): GenerateContentRequest {
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
      // The SDK's schema type is a closed union that a schema built at run time cannot be proven to match.
      ...(hasParameters(schema) && { parameters: schema as unknown as FunctionDeclarationSchema }),
    };
  });
  // Gemini refuses JSON mode (responseMimeType) together with function declarations, so with tools
  // JSON is asked for in the system instruction instead, as for Anthropic.
  const withTools = declarations !== undefined && declarations.length > 0;
  const system = request.json === true && withTools ? systemAskingForJson(request) : request.system;
  return {
    contents,
    ...(system !== undefined && system !== "" && { systemInstruction: system }),
    ...(withTools && { tools: [{ functionDeclarations: declarations }] }),
    generationConfig: {
      ...(request.temperature !== undefined && { temperature: request.temperature }),
      ...(request.maxTokens !== undefined && { maxOutputTokens: request.maxTokens }),
      ...(request.json === true && !withTools && { responseMimeType: "application/json" }),
    },
  };
}

function toResponseObject(content: string): object {
  try {
    const parsed: unknown = JSON.parse(content);
    return isPlainObject(parsed) ? parsed : { result: parsed };
  } catch {
    return { result: content };
  }
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
      const { name } = part.functionCall;
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
  if (error instanceof GoogleGenerativeAIFetchError && typeof error.status === "number") {
    // Gemini answers an invalid key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID: that is an auth failure.
    const keyInvalid = error.errorDetails?.some((detail) => detail.reason === "API_KEY_INVALID") === true;
    return httpFailure("google", keyInvalid ? "auth" : kindForStatus(error.status), error.status, error);
  }
  if (error instanceof GoogleGenerativeAIAbortError) return sdkTimedOut("google", error);
  if (error instanceof GoogleGenerativeAIRequestInputError) {
    return new ProviderError("google", "bad_request", `google: ${error.message}`, { cause: error });
  }
  // The SDK wraps a failed fetch (refused, reset, DNS) in its base class with this message.
  if (error instanceof GoogleGenerativeAIError && error.message.includes("Error fetching from")) {
    return unreachable("google", error);
  }
  return unexpectedError("google", error);
}
