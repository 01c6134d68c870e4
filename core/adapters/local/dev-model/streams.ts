import type { DevAnswer } from "./answer";
import { anthropicMessage } from "./anthropic";
import { googleResponse } from "./google";
import { openAiCompletion } from "./openai";

/**
 * The development model's streamed answers, in each provider's Server-Sent Events format, for SDK calls
 * made with `stream: true` (an llm step with `stream: true`): the text in word-sized pieces, then the tool
 * calls and the usage, as the providers send them.
 */
export function pieces(text: string): string[] {
  return text.match(/\s*\S+/g) ?? (text === "" ? [] : [text]);
}

const frame = (data: unknown, event?: string) =>
  `${event === undefined ? "" : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;

export function openAiStream(answer: DevAnswer, model: string): string[] {
  const whole = openAiCompletion(answer, model);
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    frame({
      id: whole.id,
      object: "chat.completion.chunk",
      created: whole.created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  const calls = whole.choices[0]?.message.tool_calls ?? [];
  return [
    chunk({ role: "assistant", content: "" }, null),
    ...pieces(answer.text).map((piece) => chunk({ content: piece }, null)),
    ...calls.map((call, index) => chunk({ tool_calls: [{ index, ...call }] }, null)),
    chunk({}, whole.choices[0]?.finish_reason ?? "stop"),
    // stream_options.include_usage: a last chunk with no choices carries the usage.
    frame({
      id: whole.id,
      object: "chat.completion.chunk",
      created: whole.created,
      model,
      choices: [],
      usage: whole.usage,
    }),
    "data: [DONE]\n\n",
  ];
}

export function anthropicStream(answer: DevAnswer, model: string): string[] {
  const whole = anthropicMessage(answer, model);
  const frames = [
    frame(
      {
        type: "message_start",
        message: { ...whole, content: [], stop_reason: null, usage: { ...whole.usage, output_tokens: 0 } },
      },
      "message_start",
    ),
  ];
  whole.content.forEach((block, index) => {
    if ("text" in block) {
      frames.push(
        frame(
          { type: "content_block_start", index, content_block: { type: "text", text: "" } },
          "content_block_start",
        ),
      );
      for (const piece of pieces(block.text))
        frames.push(
          frame(
            { type: "content_block_delta", index, delta: { type: "text_delta", text: piece } },
            "content_block_delta",
          ),
        );
    } else {
      const { input, ...start } = block;
      frames.push(
        frame(
          { type: "content_block_start", index, content_block: { ...start, input: {} } },
          "content_block_start",
        ),
      );
      const partial = JSON.stringify(input);
      frames.push(
        frame(
          { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: partial } },
          "content_block_delta",
        ),
      );
    }
    frames.push(frame({ type: "content_block_stop", index }, "content_block_stop"));
  });
  frames.push(
    frame(
      {
        type: "message_delta",
        delta: { stop_reason: whole.stop_reason, stop_sequence: null },
        usage: { output_tokens: whole.usage.output_tokens },
      },
      "message_delta",
    ),
    frame({ type: "message_stop" }, "message_stop"),
  );
  return frames;
}

export function googleStream(answer: DevAnswer, model: string): string[] {
  const whole = googleResponse(answer, model);
  const texts = pieces(answer.text);
  const calls = answer.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.arguments } }));
  const chunk = (parts: unknown[], last: boolean) =>
    frame({
      candidates: [{ content: { role: "model", parts }, index: 0, ...(last && { finishReason: "STOP" }) }],
      ...(last && { usageMetadata: whole.usageMetadata }),
      modelVersion: model,
      responseId: whole.responseId,
    });
  const frames = texts.map((piece) => chunk([{ text: piece }], false));
  frames.push(chunk(calls, true));
  return frames;
}
