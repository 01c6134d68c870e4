import { OutboundRequestFailed, OutboundUrlRefused } from "../outbound/outbound-errors";
import type { Clock } from "../ports/clock";
import type { OutboundHttp } from "../ports/http";
import type { CallableTool } from "./find-tool";
import { signToolCall, TOOL_SIGNATURE_HEADER, TOOL_TIMESTAMP_HEADER } from "./signature";

export interface ToolCallRequest {
  arguments: Record<string, unknown>;
  workflowRunId: string;
  stepName: string;
  /** Identifies the call to the receiver, e.g. to recognise a repeat after a worker crash. */
  callId: string;
}

/**
 * What a call came to. A failure is data, not an exception: the model sees it as the tool's result and may
 * recover; `detail` is the start of the receiver's error answer, which helps the model correct itself.
 * `refused` marks the one failure nobody can recover from by trying again: the guard refused the tool's URL
 * or the address it resolved to, so the step fails for good (retrying would be refused the same way).
 */
export type ToolCallResult =
  | { ok: true; result: unknown; durationMs: number }
  | { ok: false; error: string; detail?: string; refused?: true; durationMs: number };

const MAX_DETAIL_CHARS = 2000;

export type CallTool = (tool: CallableTool, request: ToolCallRequest) => Promise<ToolCallResult>;

/**
 * Decisions section 5: POST the signed body to the tool's URL through the guarded OutboundHttp (public HTTPS
 * only, checked after DNS), within the tool's timeoutMs. Used by llm steps and the remote_tool handler.
 */
export function createToolCaller(deps: { http: OutboundHttp; clock: Clock }): CallTool {
  return async (tool, request) => {
    const startedMs = deps.clock.nowMs();
    const body = JSON.stringify({
      tool: tool.name,
      arguments: request.arguments,
      workflowRunId: request.workflowRunId,
      stepName: request.stepName,
      callId: request.callId,
    });
    const timestampSec = Math.floor(startedMs / 1000);
    const elapsed = () => Math.max(0, deps.clock.nowMs() - startedMs);
    const host = hostOf(tool.url);
    let response: Awaited<ReturnType<OutboundHttp["request"]>>;
    try {
      response = await deps.http.request({
        url: tool.url,
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          [TOOL_TIMESTAMP_HEADER]: String(timestampSec),
          [TOOL_SIGNATURE_HEADER]: signToolCall(tool.secret, timestampSec, body),
        },
        body,
        timeoutMs: tool.timeoutMs,
      });
    } catch (error) {
      if (error instanceof OutboundUrlRefused) {
        return {
          ok: false,
          error: `Tool call to ${host} failed: ${error.message}`,
          refused: true,
          durationMs: elapsed(),
        };
      }
      if (error instanceof OutboundRequestFailed) {
        return { ok: false, error: `Tool call to ${host} failed: ${error.reason}`, durationMs: elapsed() };
      }
      throw error;
    }
    if (response.status < 200 || response.status > 299) {
      return {
        ok: false,
        error: `Tool answered HTTP ${response.status}`,
        detail: response.body.slice(0, MAX_DETAIL_CHARS),
        durationMs: elapsed(),
      };
    }
    if (response.body.trim() === "") return { ok: true, result: null, durationMs: elapsed() };
    try {
      return { ok: true, result: JSON.parse(response.body) as unknown, durationMs: elapsed() };
    } catch {
      return {
        ok: false,
        error: "Tool answered with a body that is not JSON",
        detail: response.body.slice(0, MAX_DETAIL_CHARS),
        durationMs: elapsed(),
      };
    }
  };
}

/** Host only: the path and query of a tool URL may carry tokens that do not belong in events. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
  }
}
