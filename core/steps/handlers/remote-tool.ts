import * as z from "zod";
import { StepError } from "../../domain/step-error";
import type { CallTool } from "../../remote-tools/call-remote-tool";
import type { FindTool } from "../../remote-tools/find-tool";
import type { TaskHandler } from "./task-handler";

const RemoteToolConfig = z.object({
  tool: z.string().min(1).max(64),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

/**
 * The built-in `remote_tool` task handler (decisions section 3): one signed call to a registered remote
 * tool, the same call an llm step makes. The output is the tool's JSON answer (an answer that is not an
 * object is wrapped as `{value}`, since a step's output is an object). A tool error fails the attempt,
 * retryably; a refused URL, an unregistered tool or a bad config fails it for good.
 */
export function createRemoteToolHandler(tools: { find: FindTool; call: CallTool }): TaskHandler {
  return async (context) => {
    const parsed = RemoteToolConfig.safeParse(context.config);
    if (!parsed.success) {
      throw new StepError(
        "HANDLER_CONFIG",
        "remote_tool needs config.tool (a name) and config.arguments (an object)",
        {
          retryable: false,
        },
      );
    }
    const { tool: name, arguments: args } = parsed.data;
    const tool = await tools.find(context.workspaceId, name);
    if (!tool) {
      throw new StepError("UNKNOWN_TOOL", `Remote tool "${name}" is not registered in this workspace`, {
        retryable: false,
      });
    }
    const result = await tools.call(tool, {
      arguments: args,
      workflowRunId: context.runId,
      stepName: context.stepName,
      // The engine's idempotency key: the same on a repeat of the attempt after a crash.
      callId: context.idempotencyKey,
    });
    if (!result.ok) {
      const code = result.refused ? "URL_REFUSED" : "TOOL_FAILED";
      throw new StepError(code, `Remote tool "${name}": ${result.error}`, { retryable: !result.refused });
    }
    const value = result.result;
    const output =
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { value };
    return { output };
  };
}
