import * as z from "zod";
import type { DevAnswer, DevConversation, DevTurn } from "./answer";

/** The development model on OpenAI's Chat Completions wire (POST {base}/chat/completions). */

const Content = z.union([
  z.string(),
  z.null(),
  z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
]);

export const OpenAiRequest = z.looseObject({
  model: z.string().min(1),
  messages: z.array(
    z.looseObject({
      role: z.string(),
      content: Content.optional(),
      name: z.string().optional(),
      tool_call_id: z.string().optional(),
      tool_calls: z
        .array(z.looseObject({ id: z.string(), function: z.looseObject({ name: z.string() }) }))
        .optional(),
    }),
  ),
  tools: z
    .array(
      z.looseObject({ function: z.looseObject({ name: z.string(), parameters: z.unknown().optional() }) }),
    )
    .optional(),
  response_format: z.looseObject({ type: z.string() }).optional(),
  stream: z.boolean().optional(),
});
export type OpenAiRequest = z.infer<typeof OpenAiRequest>;

export function readOpenAi(request: OpenAiRequest): DevConversation {
  const system: string[] = [];
  const turns: DevTurn[] = [];
  // Tool results carry only the call's id; its name is on the assistant turn that made the call.
  const toolNames = new Map<string, string>();
  for (const message of request.messages) {
    const text = textOf(message.content);
    if (message.role === "system" || message.role === "developer") system.push(text);
    else if (message.role === "tool") {
      const id = message.tool_call_id ?? "";
      turns.push({ role: "tool", name: toolNames.get(id) ?? id, content: text });
    } else if (message.role === "assistant") {
      for (const call of message.tool_calls ?? []) toolNames.set(call.id, call.function.name);
      turns.push({ role: "assistant", text });
    } else turns.push({ role: "user", text });
  }
  return {
    model: request.model,
    system: system.join("\n"),
    turns,
    tools: (request.tools ?? []).map((tool) => ({
      name: tool.function.name,
      parameters: tool.function.parameters,
    })),
    jsonMode:
      request.response_format?.type === "json_object" || request.response_format?.type === "json_schema",
  };
}

export function openAiCompletion(answer: DevAnswer, model: string) {
  const toolCalls = answer.toolCalls.map((call) => ({
    id: `call_dev_${call.index}`,
    type: "function",
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  return {
    id: "chatcmpl-dev",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: toolCalls.length > 0 ? null : answer.text,
          refusal: null,
          ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
        },
        logprobs: null,
        finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
      },
    ],
    usage: {
      prompt_tokens: answer.usage.inputTokens,
      completion_tokens: answer.usage.outputTokens,
      total_tokens: answer.usage.inputTokens + answer.usage.outputTokens,
    },
  };
}

export function openAiError(message: string) {
  return { error: { message, type: "invalid_request_error", param: null, code: null } };
}

function textOf(content: z.infer<typeof Content> | undefined): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}
