import * as z from "zod";
import type { DevAnswer, DevConversation, DevTurn } from "./answer";

/** The development model on Anthropic's Messages wire (POST {base}/v1/messages). */

const TextBlock = z.looseObject({ type: z.literal("text"), text: z.string() });
/** Text, tool_use and tool_result blocks; the fields of the others (images, documents) are not read. */
const Block = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  tool_use_id: z.string().optional(),
  content: z.union([z.string(), z.array(z.looseObject({ text: z.string().optional() }))]).optional(),
});

export const AnthropicRequest = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  system: z.union([z.string(), z.array(TextBlock)]).optional(),
  messages: z.array(
    z.looseObject({ role: z.enum(["user", "assistant"]), content: z.union([z.string(), z.array(Block)]) }),
  ),
  tools: z.array(z.looseObject({ name: z.string(), input_schema: z.unknown().optional() })).optional(),
  stream: z.boolean().optional(),
});
export type AnthropicRequest = z.infer<typeof AnthropicRequest>;

export function readAnthropic(request: AnthropicRequest): DevConversation {
  const turns: DevTurn[] = [];
  const toolNames = new Map<string, string>();
  for (const message of request.messages) {
    if (typeof message.content === "string") {
      turns.push({ role: message.role, text: message.content });
      continue;
    }
    const texts: string[] = [];
    for (const block of message.content) {
      if (block.type === "text") texts.push(block.text ?? "");
      else if (block.type === "tool_use" && block.id !== undefined) toolNames.set(block.id, block.name ?? "");
      else if (block.type === "tool_result") {
        const id = block.tool_use_id ?? "";
        const content =
          typeof block.content === "string"
            ? block.content
            : (block.content ?? []).map((part) => part.text ?? "").join("");
        turns.push({ role: "tool", name: toolNames.get(id) ?? id, content });
      }
    }
    if (texts.length > 0 || message.role === "assistant")
      turns.push({ role: message.role, text: texts.join("") });
  }
  const system =
    typeof request.system === "string"
      ? request.system
      : (request.system ?? []).map((block) => block.text).join("\n");
  return {
    model: request.model,
    system,
    turns,
    tools: (request.tools ?? []).map((tool) => ({ name: tool.name, parameters: tool.input_schema })),
    // The Messages API has no JSON mode: a system prompt asking for JSON is how a caller asks.
    jsonMode: false,
  };
}

export function anthropicMessage(answer: DevAnswer, model: string) {
  const content = [
    ...(answer.text === "" ? [] : [{ type: "text", text: answer.text }]),
    ...answer.toolCalls.map((call) => ({
      type: "tool_use",
      id: `toolu_dev_${call.index}`,
      name: call.name,
      input: call.arguments,
    })),
  ];
  return {
    id: "msg_dev",
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: answer.toolCalls.length > 0 ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: answer.usage.inputTokens, output_tokens: answer.usage.outputTokens },
  };
}

export function anthropicError(message: string) {
  return { type: "error", error: { type: "invalid_request_error", message } };
}
