import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  GEN_AI_OPERATION_NAME_VALUE_CHAT,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
  GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC,
  GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI,
  GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
} from "@opentelemetry/semantic-conventions/incubating";
import type { EventPayloads } from "../domain/events";
import type { StoredEvent } from "../domain/run-history";
import type { SpanRecord } from "../ports/telemetry";

export type CallSpan = Pick<SpanRecord, "name" | "kind" | "attributes" | "error">;

const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
  anthropic: GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC,
  google: GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI,
};

/** The GenAI semantic conventions' span for an LLM call or a tool call, with Weft's cost beside them. */
export function callOf(event: StoredEvent): { durationMs: number; span: CallSpan } | undefined {
  switch (event.eventType) {
    case "LLM_CALL_COMPLETED": {
      const payload = event.payload as EventPayloads["LLM_CALL_COMPLETED"];
      return {
        durationMs: payload.durationMs,
        span: {
          ...chat(payload),
          attributes: {
            ...chat(payload).attributes,
            [ATTR_GEN_AI_USAGE_INPUT_TOKENS]: payload.inputTokens,
            [ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: payload.outputTokens,
            "weft.llm.cost_usd": payload.costUsd,
            ...(payload.cached ? { "weft.llm.cached": true } : {}),
          },
        },
      };
    }
    case "LLM_CALL_FAILED": {
      const payload = event.payload as EventPayloads["LLM_CALL_FAILED"];
      const span = chat(payload);
      return {
        durationMs: payload.durationMs,
        span: {
          ...span,
          attributes: { ...span.attributes, "error.type": payload.errorClass },
          error: payload.errorClass,
        },
      };
    }
    case "TOOL_CALL_EXECUTED": {
      const payload = event.payload as EventPayloads["TOOL_CALL_EXECUTED"];
      return {
        durationMs: payload.durationMs,
        span: {
          name: `${GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL} ${payload.tool}`,
          kind: "internal",
          attributes: {
            [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
            [ATTR_GEN_AI_TOOL_NAME]: payload.tool,
          },
          ...(payload.ok ? {} : { error: "TOOL_FAILED" }),
        },
      };
    }
    default:
      return undefined;
  }
}

function chat(payload: { model: string; provider: string }): CallSpan {
  return {
    name: `${GEN_AI_OPERATION_NAME_VALUE_CHAT} ${payload.model}`,
    kind: "client",
    attributes: {
      [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_CHAT,
      [ATTR_GEN_AI_PROVIDER_NAME]: PROVIDER_NAMES[payload.provider] ?? payload.provider,
      [ATTR_GEN_AI_REQUEST_MODEL]: payload.model,
    },
  };
}
