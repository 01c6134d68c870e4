import createClient, { type Client } from "openapi-fetch";
import { unwrap, WeftError } from "./errors.js";
import { type FollowOptions, followRun } from "./follow.js";
import { pages } from "./pages.js";
import type {
  ApprovalRequest,
  CreateRunInput,
  DecidedApproval,
  paths,
  RunBudget,
  WorkflowRun,
  WorkflowRunWithSteps,
} from "./schema.js";
import { describeEnd, FINAL_STATUSES } from "./statuses.js";

export interface WeftClientOptions {
  /** Where the API is: `http://localhost:3000` under `npm start`, the function URL on AWS. */
  baseUrl: string;
  /** A workspace API key (`svc_…`); sign-up and login need none. */
  apiKey?: string;
  fetch?: typeof fetch;
}

export interface WaitOptions {
  /** Stop waiting at these statuses too (PAUSED: an approval is pending). Default: only final ones. */
  until?: WorkflowRun["status"][];
  timeoutMs?: number;
  intervalMs?: number;
}

export type WeftApi = Client<paths>;
type Decision = { comment?: string; decidedBy?: string };
/** The filters of GET /v1/approval-requests, without paging: a wait reads the whole list. */
export type ApprovalQuery = Omit<
  NonNullable<paths["/v1/approval-requests"]["get"]["parameters"]["query"]>,
  "page" | "pageSize"
>;
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_INTERVAL_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until it returns a value or the time is up. */
async function poll<T>(
  what: string,
  read: () => Promise<T | undefined>,
  options: Pick<WaitOptions, "timeoutMs" | "intervalMs">,
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) throw new WeftError("TIMEOUT", `Timed out waiting for ${what}`, 0);
    await sleep(options.intervalMs ?? DEFAULT_INTERVAL_MS);
  }
}

/**
 * The typed API (`api`, openapi-fetch over the generated `paths`) and helpers for the common flows. Helpers
 * return the envelope's `data` and throw a WeftError for an error answer.
 */
export function createWeftClient(options: WeftClientOptions) {
  const api: WeftApi = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: options.fetch,
    headers: options.apiKey === undefined ? {} : { "x-api-key": options.apiKey },
  });

  const getRun = async (id: string): Promise<WorkflowRunWithSteps> =>
    unwrap(await api.GET("/v1/workflow-runs/{id}", { params: { path: { id } } }));

  /** Resolves with the run once it is final, or at one of `until`'s statuses. */
  const waitForRun = (id: string, wait: WaitOptions = {}): Promise<WorkflowRunWithSteps> => {
    const stops = [...FINAL_STATUSES, ...(wait.until ?? [])];
    return poll(
      `run ${id}`,
      async () => {
        const run = await getRun(id);
        return stops.includes(run.status) ? run : undefined;
      },
      wait,
    );
  };

  const listApprovals = async (query: ApprovalQuery): Promise<ApprovalRequest[]> =>
    unwrap(await api.GET("/v1/approval-requests", { params: { query } }));

  /**
   * The requests matching `query` once at least one does. When the query names a run that has ended with
   * none, waiting longer cannot help (an ended run asks for nothing more): a WeftError RUN_ENDED says how it
   * ended instead of a TIMEOUT a minute later.
   */
  const waitForApprovals = (query: ApprovalQuery, wait: Pick<WaitOptions, "timeoutMs" | "intervalMs"> = {}) =>
    poll(
      `an approval request${query.workflowRunId ? ` of run ${query.workflowRunId}` : ""}`,
      async () => {
        const list = await listApprovals(query);
        if (list.length > 0) return list;
        if (query.workflowRunId === undefined) return undefined;
        const run = await getRun(query.workflowRunId);
        if (!FINAL_STATUSES.includes(run.status)) return undefined;
        // Read again: the run may have asked, and ended, between the two reads.
        const last = await listApprovals(query);
        if (last.length > 0) return last;
        throw new WeftError(
          "RUN_ENDED",
          `run ${run.id} ${describeEnd(run)} with no such approval request`,
          0,
          {
            status: run.status,
          },
        );
      },
      wait,
    );

  const decide = async (
    id: string,
    body: Decision & {
      decision: "approved" | "rejected" | "edited";
      editedContent?: Record<string, unknown>;
    },
  ): Promise<DecidedApproval> =>
    unwrap(await api.POST("/v1/approval-requests/{id}/decide", { params: { path: { id } }, body }));

  return {
    api,
    getRun,
    waitForRun,

    /** Starts a run and waits as `waitForRun` does. */
    async startAndWait(input: CreateRunInput & { budget?: RunBudget }, wait: WaitOptions = {}) {
      const run = unwrap(await api.POST("/v1/workflow-runs", { body: input }));
      return waitForRun(run.id, wait);
    },

    waitForApprovals,

    /**
     * The run's pending approval request, once its approval step has asked: a run reaches its approval step
     * only after the steps before it (a wait, a model call) are done. RUN_ENDED when the run ended first.
     */
    async waitForApproval(runId: string, wait: Pick<WaitOptions, "timeoutMs" | "intervalMs"> = {}) {
      const list = await waitForApprovals({ workflowRunId: runId, pending: "true" }, wait);
      return list[0] as ApprovalRequest; // the wait returns a list once it has one
    },

    /** Approves; with `editedContent`, approves that content instead of the draft (decision `edited`). */
    approve(id: string, decision: Decision & { editedContent?: Record<string, unknown> } = {}) {
      return decide(id, {
        ...decision,
        decision: decision.editedContent === undefined ? "approved" : "edited",
      });
    },

    reject(id: string, decision: Decision = {}) {
      return decide(id, { ...decision, decision: "rejected" });
    },

    /** Sends a signal: taken by the step waiting for its type, or kept on the run until one does. */
    async signal(runId: string, signalType: string, payload: Record<string, unknown> = {}, id?: string) {
      const body = { signalType, payload, ...(id === undefined ? {} : { id }) };
      return unwrap(
        await api.POST("/v1/workflow-runs/{id}/signals", { params: { path: { id: runId } }, body }),
      );
    },

    pages,

    /** The run's events as they happen (Server-Sent Events), each once, until it stops. */
    follow(runId: string, follow: Pick<FollowOptions, "lastEventId" | "signal"> = {}) {
      return followRun(runId, { ...options, ...follow });
    },
  };
}

export type WeftClient = ReturnType<typeof createWeftClient>;
