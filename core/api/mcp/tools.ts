import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { decideApproval } from "../../approvals/decide/decide-approval";
import { DecideApprovalInput } from "../../domain/approval";
import { NotFoundError } from "../../domain/errors";
import type { Identity, StartedWith } from "../../domain/identity";
import { CreateRunInput } from "../../domain/run";
import { toWorkflowRun } from "../../domain/run-view";
import { SignalInput } from "../../domain/signals";
import type { CommitDeps } from "../../engine/commit-run";
import type { Deps } from "../../ports/deps";
import type { Store } from "../../ports/store";
import { cancelRun } from "../../runs/cancel-run";
import { createRun } from "../../runs/create-run";
import { sendSignal } from "../../runs/send-signal";
import { failure } from "../envelope";
import { toAppError } from "../error-handler";
import { PageQuery } from "../pagination";
import { ResourceId } from "../params";

export type McpDeps = CommitDeps &
  Pick<Deps, "ids"> & { store: Pick<Store, "approvalGroups" | "definitions" | "accounts" | "apiKeys"> };

/** Who calls, as the API key proves it: its credential for runs it starts, its identity for decisions. */
export interface McpCaller {
  startedWith: StartedWith;
  identity(): Promise<Identity>;
}

/** Pending approvals listed at most, newest requests last as the API lists them. */
const LISTED_APPROVALS = 50;

/** A page of list_definitions: a cursor shaped as an id, and the page size every REST list takes. */
const DefinitionPage = z.object({ cursor: ResourceId.optional(), pageSize: PageQuery.shape.pageSize });

/** A run's id as a path takes it: any other string names no run, as the router answers it 404. */
function runIdOf(runId: string): string {
  if (!ResourceId.safeParse(runId).success) throw new NotFoundError("Workflow run");
  return runId;
}

/**
 * The tools an assistant gets at /mcp (docs/mcp.md), each the same operation as its REST route, in the
 * caller's workspace: the same validation, the same commit pipeline, the same identity (the API key).
 * Results are the REST answers' `data`, as JSON text; a refusal is a tool error whose text is the REST
 * answer's `error` (code, message, details).
 */
export function weftMcpServer(deps: McpDeps, workspaceId: string, caller: McpCaller): McpServer {
  const server = new McpServer({ name: "weft", version: "1.0.0" });
  const answer =
    <A>(operation: (args: A) => Promise<unknown>) =>
    async (args: A) => {
      try {
        const data = await operation(args);
        return { content: [{ type: "text" as const, text: JSON.stringify(data) }] };
      } catch (error) {
        const refusal = failure(toAppError(error, deps.log)).error;
        return { content: [{ type: "text" as const, text: JSON.stringify(refusal) }], isError: true };
      }
    };

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
    answer(async (args) => {
      const { startedWith } = caller;
      const { run } = await createRun(deps, workspaceId, CreateRunInput.parse(args), { startedWith });
      return toWorkflowRun(run);
    }),
  );

  server.registerTool(
    "get_run",
    {
      title: "Read a workflow run",
      description: "A run's status, input, output, current step and step runs.",
      inputSchema: { runId: z.string().describe("The run's id (wfr_…)") },
      annotations: { readOnlyHint: true },
    },
    answer(async ({ runId }) => {
      const run = await deps.store.runs.get(workspaceId, runId);
      if (!run) throw new NotFoundError("Workflow run");
      return { ...toWorkflowRun(run), steps: await deps.store.runs.stepRuns(run) };
    }),
  );

  server.registerTool(
    "list_pending_approvals",
    {
      title: "List pending approvals",
      description: `Approval requests waiting for a decision (at most ${LISTED_APPROVALS}), with the content to review.`,
      inputSchema: { workflowRunId: z.string().optional().describe("Only this run's") },
      annotations: { readOnlyHint: true },
    },
    answer(async ({ workflowRunId }) => {
      const pending = await deps.store.approvals.list(workspaceId, true);
      const listed = pending.filter(
        (approval) => workflowRunId === undefined || approval.workflowRunId === workflowRunId,
      );
      return listed.slice(0, LISTED_APPROVALS);
    }),
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
        decidedBy: z
          .string()
          .optional()
          .describe(
            "Who you act for, kept as said beside the API key's verified identity; a step with assignees, " +
              "a quorum or allowRequester: false refuses API-key decisions",
          ),
      },
      annotations: { destructiveHint: false, idempotentHint: false },
    },
    answer(async ({ approvalId, ...decision }) =>
      decideApproval(
        deps,
        deps.store.approvalGroups,
        workspaceId,
        approvalId,
        DecideApprovalInput.parse(decision),
        await caller.identity(),
      ),
    ),
  );

  server.registerTool(
    "list_definitions",
    {
      title: "List workflow definitions",
      description:
        "The workspace's workflow definitions, oldest first, a page at a time: each one's id, name, version, " +
        "description and settings, without its steps. Pass nextCursor back as cursor for the next page.",
      inputSchema: {
        cursor: z.string().optional().describe("The nextCursor of the page before; omitted: the first page"),
        pageSize: z.number().optional().describe("Definitions per page, 1 to 100 (default 20)"),
      },
      annotations: { readOnlyHint: true },
    },
    answer(async (args) => {
      const { cursor, pageSize } = DefinitionPage.parse(args);
      const { definitions, next } = await deps.store.definitions.page(workspaceId, {
        after: cursor,
        limit: pageSize,
      });
      return next === undefined ? { definitions } : { definitions, nextCursor: next };
    }),
  );

  server.registerTool(
    "cancel_run",
    {
      title: "Cancel a workflow run",
      description:
        "Cancels a live run, with its current step, its pending timer and its child runs; answers its id, " +
        "status (CANCELLED) and updatedAt. A run that has ended cannot be cancelled.",
      inputSchema: { runId: z.string().describe("The run's id (wfr_…)") },
      annotations: { destructiveHint: true, idempotentHint: false },
    },
    answer(async ({ runId }) => cancelRun(deps, workspaceId, runIdOf(runId))),
  );

  server.registerTool(
    "send_signal",
    {
      title: "Send a signal to a workflow run",
      description:
        "Sends a signal to a live run: a step waiting for its type takes it at once (delivered), otherwise " +
        "the run keeps it until one does (buffered); a signal id the run has seen is a duplicate.",
      inputSchema: {
        runId: z.string().describe("The run's id (wfr_…)"),
        signalType: z.string().describe("The type a waiting external_event step takes"),
        payload: z.record(z.string(), z.unknown()).optional().describe("The signal's data (default {})"),
        id: z
          .string()
          .optional()
          .describe("Makes sending idempotent: a signal id the run has seen is applied once"),
      },
      annotations: { destructiveHint: false, idempotentHint: false },
    },
    answer(async ({ runId, ...signal }) => ({
      status: await sendSignal(deps, workspaceId, runIdOf(runId), SignalInput.parse(signal)),
    })),
  );

  return server;
}
