import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { decideApproval } from "../../approvals/decide-approval";
import { DecideApprovalInput } from "../../domain/approval";
import { NotFoundError } from "../../domain/errors";
import { CreateRunInput } from "../../domain/run";
import { toWorkflowRun } from "../../domain/run-record";
import type { CommitDeps } from "../../engine/commit-run";
import type { Deps } from "../../ports/deps";
import type { Store } from "../../ports/store";
import { createRun } from "../../runs/create-run";

export type McpDeps = CommitDeps & Pick<Deps, "ids"> & { store: Pick<Store, "approvalGroups"> };

/** Pending approvals listed at most, newest requests last as the API lists them. */
const LISTED_APPROVALS = 50;

/**
 * The tools an assistant gets at /mcp (docs/mcp.md), each the same operation as its REST route, in the
 * caller's workspace: the same validation (a bad argument is a tool error naming it), the same commit
 * pipeline. Results are the REST answers' `data`, as JSON text.
 */
export function weftMcpServer(deps: McpDeps, workspaceId: string): McpServer {
  const server = new McpServer({ name: "weft", version: "1.0.0" });
  const result = (data: unknown) => ({ content: [{ type: "text" as const, text: JSON.stringify(data) }] });

  server.registerTool(
    "start_run",
    {
      title: "Start a workflow run",
      description: "Starts a run of a workflow definition with an input object; answers the run (PENDING).",
      inputSchema: {
        definitionId: z.string().describe("The workflow definition's id (wfd_…)"),
        input: z.record(z.string(), z.unknown()).optional().describe("The run's input object"),
        idempotencyKey: z
          .string()
          .optional()
          .describe("A key that makes a repeated start return the first run"),
      },
    },
    async (args) => {
      const { run } = await createRun(deps, workspaceId, CreateRunInput.parse(args));
      return result(toWorkflowRun(run));
    },
  );

  server.registerTool(
    "get_run",
    {
      title: "Read a workflow run",
      description: "A run's status, input, output, current step and step runs.",
      inputSchema: { runId: z.string().describe("The run's id (wfr_…)") },
      annotations: { readOnlyHint: true },
    },
    async ({ runId }) => {
      const run = await deps.store.runs.get(workspaceId, runId);
      if (!run) throw new NotFoundError("Workflow run");
      return result({ ...toWorkflowRun(run), steps: await deps.store.runs.stepRuns(run) });
    },
  );

  server.registerTool(
    "list_pending_approvals",
    {
      title: "List pending approvals",
      description: `Approval requests waiting for a decision (at most ${LISTED_APPROVALS}), with the content to review.`,
      inputSchema: { workflowRunId: z.string().optional().describe("Only this run's") },
      annotations: { readOnlyHint: true },
    },
    async ({ workflowRunId }) => {
      const pending = await deps.store.approvals.list(workspaceId, true);
      const listed = pending.filter(
        (approval) => workflowRunId === undefined || approval.workflowRunId === workflowRunId,
      );
      return result(listed.slice(0, LISTED_APPROVALS));
    },
  );

  server.registerTool(
    "decide_approval",
    {
      title: "Decide an approval",
      description:
        "Approves, rejects or edits-and-approves a pending approval request; the run goes on accordingly.",
      inputSchema: {
        approvalId: z.string().describe("The approval request's id (apr_…)"),
        decision: z.enum(["approved", "rejected", "edited"]),
        editedContent: z
          .record(z.string(), z.unknown())
          .optional()
          .describe("The content to approve instead (edited)"),
        comment: z.string().optional().describe("Kept with the decision"),
        decidedBy: z.string().optional().describe("Who decided, as recorded (default: the API key)"),
      },
      annotations: { destructiveHint: false, idempotentHint: false },
    },
    async ({ approvalId, ...decision }) => {
      const decided = await decideApproval(
        deps,
        deps.store.approvalGroups,
        workspaceId,
        approvalId,
        DecideApprovalInput.parse(decision),
      );
      return result(decided);
    },
  );

  return server;
}
