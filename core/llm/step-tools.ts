import { exceedsJsonDepth, jsonBytes } from "../domain/json-bounds";
import { LIMITS } from "../domain/limits";
import type { ToolCall, ToolSpec } from "../domain/llm-call";
import type { LlmStep } from "../domain/step";
import type { CallTool, ToolCallResult } from "../remote-tools/call-remote-tool";
import type { CallableTool, FindTool } from "../remote-tools/find-tool";
import type { ToolCallSummary } from "./attempt-log";

/** The step's tools: what the model is shown, and the registered tool behind each name it may call. */
export interface StepTools {
  specs: ToolSpec[];
  byName: Map<string, CallableTool>;
}

/** A tool declared only by `remoteTool` accepts any object: the tool itself validates what it gets. */
const ANY_ARGUMENTS = { type: "object", additionalProperties: true };

/**
 * Resolves the step's `tools` against the workspace's registered remote tools (decisions section 3): a tool
 * the workspace has not registered fails the step, before any model is called.
 */
export async function resolveStepTools(
  findTool: FindTool,
  workspaceId: string,
  declared: NonNullable<LlmStep["tools"]>,
): Promise<{ ok: true; tools: StepTools } | { ok: false; error: string }> {
  const tools: StepTools = { specs: [], byName: new Map() };
  for (const declaration of declared) {
    const tool = await findTool(workspaceId, declaration.remoteTool);
    if (!tool) {
      return {
        ok: false,
        error: `Remote tool "${declaration.remoteTool}" is not registered in this workspace`,
      };
    }
    const name = declaration.name ?? declaration.remoteTool;
    if (tools.byName.has(name)) return { ok: false, error: `The step declares two tools named "${name}"` };
    tools.byName.set(name, tool);
    tools.specs.push({
      name,
      description: declaration.description ?? `Remote tool ${declaration.remoteTool}`,
      parameters: declaration.parameters ?? ANY_ARGUMENTS,
    });
  }
  return { ok: true, tools };
}

/**
 * Runs the model's tool calls. Whatever happens (unknown tool, refused URL, timeout, non-2xx, an
 * unexpected exception) becomes a result the model reads, never a crash of the step; a refused URL is
 * also flagged, for the conversation to end the step (see ToolCallResult). Call ids are
 * `<callIdPrefix>:<n>`, numbered within the attempt, so a repeat of the attempt after a crash sends the
 * same ids and a tool can recognise it.
 */
export function createToolRunner(
  tools: StepTools,
  callTool: CallTool,
  context: { workflowRunId: string; stepName: string; callIdPrefix: string },
): (call: ToolCall) => Promise<{ content: string; summary: ToolCallSummary; refused: boolean }> {
  let calls = 0;
  return async (call) => {
    calls += 1;
    const callId = `${context.callIdPrefix}:${calls}`;
    const tool = tools.byName.get(call.name);
    let result: ToolCallResult;
    const argumentsProblem = jsonProblem(call.arguments, LIMITS.toolArgumentsBytes, "arguments");
    if (!tool) {
      result = { ok: false, error: `Unknown tool "${call.name}"`, durationMs: 0 };
    } else if (argumentsProblem) {
      result = { ok: false, error: argumentsProblem, durationMs: 0 };
    } else {
      const request = {
        arguments: call.arguments,
        workflowRunId: context.workflowRunId,
        stepName: context.stepName,
        callId,
      };
      result = await callTool(tool, request).catch(() => ({
        ok: false as const,
        error: "The tool call failed unexpectedly",
        durationMs: 0,
      }));
      const resultProblem = result.ok && jsonProblem(result.result, LIMITS.toolResultBytes, "result");
      if (resultProblem) result = { ok: false, error: resultProblem, durationMs: result.durationMs };
    }
    const summary: ToolCallSummary = {
      tool: tool?.name ?? call.name,
      ok: result.ok,
      durationMs: result.durationMs,
      ...(result.ok ? {} : { error: result.error }),
    };
    const content = result.ok
      ? (JSON.stringify(result.result) ?? "null")
      : JSON.stringify({
          error: result.error,
          ...(result.detail === undefined ? {} : { detail: result.detail }),
        });
    return { content, summary, refused: !result.ok && result.refused === true };
  };
}

/**
 * Tool arguments come from the model and results from a remote server: both are bounded before they are
 * written as JSON into the conversation, and an oversized or overly deep one becomes an error the model
 * reads, as any other failed call.
 */
function jsonProblem(value: unknown, maxBytes: number, what: string): string | undefined {
  if (exceedsJsonDepth(value)) return `Tool call ${what}: nested deeper than ${LIMITS.jsonDepth} levels`;
  const bytes = jsonBytes(value);
  return bytes > maxBytes ? `Tool call ${what}: ${bytes} bytes, at most ${maxBytes} allowed` : undefined;
}
