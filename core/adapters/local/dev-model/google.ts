import * as z from "zod";
import type { DevAnswer, DevConversation, DevTurn } from "./answer";

/** The development model on Gemini's wire (POST {base}/v1beta/models/{model}:generateContent). */

const Part = z.looseObject({
  text: z.string().optional(),
  functionCall: z.looseObject({ name: z.string().optional() }).optional(),
  functionResponse: z
    .looseObject({ name: z.string().optional(), response: z.unknown().optional() })
    .optional(),
});
const Content = z.looseObject({ role: z.string().optional(), parts: z.array(Part).default([]) });

export const GoogleRequest = z.looseObject({
  contents: z.array(Content),
  systemInstruction: z.union([z.string(), Content]).optional(),
  tools: z
    .array(
      z.looseObject({
        functionDeclarations: z
          .array(
            z.looseObject({
              name: z.string(),
              parameters: z.unknown().optional(),
              parametersJsonSchema: z.unknown().optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  generationConfig: z.looseObject({ responseMimeType: z.string().optional() }).optional(),
});
export type GoogleRequest = z.infer<typeof GoogleRequest>;

export function readGoogle(request: GoogleRequest, model: string): DevConversation {
  const turns: DevTurn[] = [];
  for (const content of request.contents) {
    const texts: string[] = [];
    for (const part of content.parts) {
      if (part.text !== undefined) texts.push(part.text);
      if (part.functionResponse !== undefined) {
        const name = part.functionResponse.name ?? "";
        turns.push({ role: "tool", name, content: JSON.stringify(part.functionResponse.response ?? {}) });
      }
    }
    const role = content.role === "model" ? "assistant" : "user";
    if (texts.length > 0 || role === "assistant") turns.push({ role, text: texts.join("") });
  }
  const instruction = request.systemInstruction;
  const system =
    typeof instruction === "string"
      ? instruction
      : (instruction?.parts ?? []).map((part) => part.text ?? "").join("");
  const tools = (request.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []);
  return {
    model,
    system,
    turns,
    tools: tools.map((tool) => ({
      name: tool.name,
      parameters: tool.parametersJsonSchema ?? tool.parameters,
    })),
    jsonMode: request.generationConfig?.responseMimeType === "application/json",
  };
}

export function googleResponse(answer: DevAnswer, model: string) {
  const parts = [
    ...(answer.text === "" ? [] : [{ text: answer.text }]),
    ...answer.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.arguments } })),
  ];
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: answer.usage.inputTokens,
      candidatesTokenCount: answer.usage.outputTokens,
      totalTokenCount: answer.usage.inputTokens + answer.usage.outputTokens,
    },
    modelVersion: model,
    responseId: "dev-response",
  };
}

export function googleError(status: number, message: string) {
  return { error: { code: status, message, status: status === 404 ? "NOT_FOUND" : "INVALID_ARGUMENT" } };
}
