import { exceedsJsonDepth, jsonBytes } from "../domain/json-bounds";
import { LIMITS } from "../domain/limits";
import type { ToolCall, ToolSpec } from "../domain/llm-call";
import type { LlmTool, McpLlmTools } from "../domain/llm-step";
import { MODEL_TOOL_NAME } from "../domain/mcp-server";
import { StepFailureCode } from "../domain/step-error";
import type { CallableMcpServer } from "../mcp-servers/find-server";
import type { McpAccess } from "../mcp-servers/mcp-access";
import { McpServerFailed } from "../mcp-servers/mcp-session";
import type { CallTool, ToolCallResult } from "../remote-tools/call-remote-tool";
import type { CallableTool, FindTool } from "../remote-tools/find-tool";
import type { ToolCallSummary } from "./attempt-log";

/** A tool the model may call: a registered remote tool, or one that a registered MCP server lists. */
export type StepTool =
  | { kind: "remote"; tool: CallableTool }
  | { kind: "mcp"; server: CallableMcpServer; toolName: string };

/** The step's tools: what the model is shown, and what is behind each name it may call. */
export interface StepTools {
  specs: ToolSpec[];
  byName: Map<string, StepTool>;
}

/** Where a step's tools are found and called. */
export interface ToolAccess {
  findTool: FindTool;
  callTool: CallTool;
  mcp: McpAccess;
}

/**
 * Why a step's tools could not be resolved; `retryable` when an MCP server could not be reached or answered
 * badly (it may answer next time), not when the step names what the workspace does not have.
 */
export interface ToolsProblem {
  ok: false;
  error: string;
  retryable: boolean;
  code: StepFailureCode;
}

/** A tool declared only by `remoteTool` accepts any object: the tool itself validates what it gets. */
const ANY_ARGUMENTS = { type: "object", additionalProperties: true };

/**
 * Resolves the step's `tools` against the workspace's registered remote tools (decisions section 3) and MCP
 * servers (whose lists are read now, through the cache of mcp-access.ts): a tool the workspace has not
 * registered fails the step, before any model is called.
 */
export async function resolveStepTools(
  access: Pick<ToolAccess, "findTool" | "mcp">,
  workspaceId: string,
  declared: readonly LlmTool[],
): Promise<{ ok: true; tools: StepTools } | ToolsProblem> {
  const tools: StepTools = { specs: [], byName: new Map() };
  const add = (spec: ToolSpec, tool: StepTool): ToolsProblem | undefined => {
    if (tools.byName.has(spec.name)) {
      const error = `The step declares two tools named "${spec.name}"`;
      return { ok: false, error, retryable: false, code: StepFailureCode.HANDLER_CONFIG };
    }
    tools.byName.set(spec.name, tool);
    tools.specs.push(spec);
    return undefined;
  };
  for (const declaration of declared) {
    const problem =
      "remoteTool" in declaration
        ? await addRemoteTool(access.findTool, workspaceId, declaration, add)
        : await addMcpTools(access.mcp, workspaceId, declaration, add);
    if (problem) return problem;
  }
  return { ok: true, tools };
}

type AddTool = (spec: ToolSpec, tool: StepTool) => ToolsProblem | undefined;

async function addRemoteTool(
  findTool: FindTool,
  workspaceId: string,
  declaration: Extract<LlmTool, { remoteTool: string }>,
  add: AddTool,
): Promise<ToolsProblem | undefined> {
  const tool = await findTool(workspaceId, declaration.remoteTool);
  if (!tool) {
    const error = `Remote tool "${declaration.remoteTool}" is not registered in this workspace`;
    return { ok: false, error, retryable: false, code: StepFailureCode.UNKNOWN_TOOL };
  }
  const spec = {
    name: declaration.name ?? declaration.remoteTool,
    description: declaration.description ?? `Remote tool ${declaration.remoteTool}`,
    parameters: declaration.parameters ?? ANY_ARGUMENTS,
  };
  return add(spec, { kind: "remote", tool });
}

async function addMcpTools(
  mcp: McpAccess,
  workspaceId: string,
  declaration: McpLlmTools,
  add: AddTool,
): Promise<ToolsProblem | undefined> {
  const server = await mcp.find(workspaceId, declaration.mcpServer);
  if (!server) {
    const error = `MCP server "${declaration.mcpServer}" is not registered in this workspace`;
    return { ok: false, error, retryable: false, code: StepFailureCode.UNKNOWN_TOOL };
  }
  let listed: ToolSpec[];
  try {
    listed = await mcp.list(server);
  } catch (error) {
    if (!(error instanceof McpServerFailed)) throw error;
    const code = error.refused ? StepFailureCode.URL_REFUSED : StepFailureCode.TOOL_FAILED;
    return { ok: false, error: `${error.message} (listing its tools)`, retryable: !error.refused, code };
  }
  const wanted = declaration.tools ?? listed.map((spec) => spec.name);
  for (const name of wanted) {
    const spec = listed.find((candidate) => candidate.name === name);
    if (!spec) {
      const error = `MCP server "${server.name}" does not offer a tool "${name}"${server.allowedTools ? " that its registration allows" : ""}`;
      return { ok: false, error, retryable: false, code: StepFailureCode.UNKNOWN_TOOL };
    }
    if (!MODEL_TOOL_NAME.test(spec.name)) {
      const error = `MCP server "${server.name}" lists a tool named ${JSON.stringify(spec.name.slice(0, 100))}, which no model accepts; name the step's tools to leave it out`;
      return { ok: false, error, retryable: false, code: StepFailureCode.TOOL_FAILED };
    }
    const problem = add(spec, { kind: "mcp", server, toolName: spec.name });
    if (problem) return problem;
  }
  return undefined;
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
  access: Pick<ToolAccess, "callTool" | "mcp">,
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
      const calling =
        tool.kind === "remote"
          ? access.callTool(tool.tool, request)
          : access.mcp.call(tool.server, tool.toolName, request);
      result = await calling.catch(() => ({
        ok: false as const,
        error: "The tool call failed unexpectedly",
        durationMs: 0,
      }));
      const resultProblem = result.ok && jsonProblem(result.result, LIMITS.toolResultBytes, "result");
      if (resultProblem) result = { ok: false, error: resultProblem, durationMs: result.durationMs };
    }
    const summary: ToolCallSummary = {
      tool: tool?.kind === "remote" ? tool.tool.name : call.name,
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
