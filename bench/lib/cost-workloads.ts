import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fromRunItem } from "../../core/adapters/dynamodb/runs/run-items";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import { type DynamoWire, unmarshallItem } from "./dynamo-wire";

/**
 * The cost bench's workload: one workflow definition per step type and length, runs created and driven to
 * their end through the service's HTTP API exactly as a client would (decisions and signals included), and
 * the bench's own observation of the runs, read straight from DynamoDB Local so that it is not billed.
 */
export const STEP_TYPES = [
  "noop",
  "set_state",
  "condition",
  "http",
  "wait",
  "approval",
  "external_event",
  "llm",
  "map_item",
  "branch",
  "sub_workflow",
  "agent_turn",
] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** What a phase runs: `n` steps of a type, a one-noop-step run, or that run started by an event trigger. */
export type Workload = StepType | "baseline" | "fired";

/** The workloads whose unit is a child run (an item, a branch, a sub-workflow): each child's end is announced too. */
export const CHILD_RUN_TYPES: readonly StepType[] = ["map_item", "branch", "sub_workflow"];

/** The remote tool an `agent_turn` workload calls once per turn (the receiver's `/tool`; cost.ts registers it). */
export const BENCH_TOOL = "bench_tool";
/** Answered by the development model (`TOOL ROUNDS: n`), which cost.ts serves on Anthropic's wire. */
export const AGENT_MODEL = "claude-3-5-haiku-latest";

/** The definition each `sub_workflow` step runs: one noop step (cost.ts defines it in each workspace). */
export const CHILD_DEFINITION = "bench-child";

export const WAIT_MS = 1000;
export const SIGNAL_TYPE = "bench.signal";
export const RUN_INPUT = { flag: true };
/** Every webhook event, so a registered webhook gets a delivery for each one a run announces. */
export const ALL_WEBHOOK_EVENTS = [
  "workflow.completed",
  "workflow.failed",
  "workflow.cancelled",
  "approval.requested",
  "approval.decided",
];

export interface WorkloadContext {
  /** Where `http` steps send their GET (the bench's receiver). */
  httpUrl: string;
}

/**
 * `n` steps of `type`, or for the child-run types `n` children of one step: a map step over `n` items, a
 * parallel step of `n` branches (each one noop step), `n` sub_workflow steps of CHILD_DEFINITION; for
 * `agent_turn`, one agent step of `n` turns that each call BENCH_TOOL once. Conditions
 * jump to the next one; the last jumps to a trailing noop both lengths share.
 */
export function stepsOf(type: StepType, n: number, context: WorkloadContext): unknown[] {
  const name = (i: number) => `s${i + 1}`;
  const each = (step: (i: number) => Record<string, unknown>) =>
    Array.from({ length: n }, (_, i) => ({ name: name(i), ...step(i) }));
  switch (type) {
    case "noop":
      return each(() => ({ type: "task", handler: "noop" }));
    case "set_state":
      return each((i) => ({ type: "task", handler: "set_state", config: { values: { last: name(i) } } }));
    case "condition": {
      const next = (i: number) => (i + 1 < n ? name(i + 1) : "end");
      return [
        ...each((i) => ({
          type: "condition",
          expression: "input.flag",
          trueStep: next(i),
          falseStep: next(i),
        })),
        { type: "task", name: "end", handler: "noop" },
      ];
    }
    case "http":
      return each(() => ({ type: "task", handler: "http", config: { url: context.httpUrl, method: "GET" } }));
    case "wait":
      return each(() => ({ type: "wait", durationMs: WAIT_MS }));
    case "approval":
      return each(() => ({ type: "approval", contentKey: "input" }));
    case "external_event":
      return each(() => ({ type: "external_event", signalType: SIGNAL_TYPE }));
    case "llm":
      return each(() => ({
        type: "llm",
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "Answer with one word: ok?" }],
      }));
    case "map_item":
      return [
        {
          type: "task",
          name: "list",
          handler: "set_state",
          config: { values: { list: Array.from({ length: n }, (_, i) => i) } },
        },
        {
          type: "map",
          name: "each",
          itemsKey: "list",
          maxConcurrency: 10,
          steps: [{ type: "task", name: "item", handler: "noop" }],
        },
      ];
    case "branch":
      return [
        {
          type: "parallel",
          name: "all",
          branches: Array.from({ length: n }, (_, i) => ({
            name: `b${i + 1}`,
            steps: [{ type: "task", name: `work${i + 1}`, handler: "noop" }],
          })),
        },
      ];
    case "sub_workflow":
      return each(() => ({ type: "sub_workflow", definitionName: CHILD_DEFINITION }));
    case "agent_turn":
      // n turns that each call the tool once, then the answer: a turn against 2n is one turn with its call.
      return [
        {
          type: "agent",
          name: "agent",
          model: AGENT_MODEL,
          messages: [{ role: "user", content: `TOOL ROUNDS: ${n}` }],
          tools: [{ remoteTool: BENCH_TOOL }],
          maxTurns: n + 5,
        },
      ];
  }
}

/**
 * Webhook deliveries one run of `type` × `n` announces: workflow.completed, requested + decided per approval,
 * and each child run's workflow.completed.
 */
export function deliveriesPerRun(type: Workload, n: number): number {
  if (CHILD_RUN_TYPES.includes(type as StepType)) return 1 + n;
  return 1 + (type === "approval" ? 2 * n : 0);
}

// --- The API, as a client ----------------------------------------------------------------------------

/** A paginated list's `meta` (spec section 8). */
export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export class ApiClient {
  constructor(readonly url: string) {}

  async call<T>(method: string, path: string, key?: string, body?: unknown): Promise<T> {
    return (await this.envelope<T>(method, path, key, body)).data;
  }

  /** The whole answer: `data`, and `meta` when it is a page. */
  async envelope<T>(
    method: string,
    path: string,
    key?: string,
    body?: unknown,
  ): Promise<{ data: T; meta?: PageMeta }> {
    return JSON.parse(await this.text(method, path, key, body)) as { data: T; meta?: PageMeta };
  }

  /** The answer's body as text (JSON Lines, say); throws on a status outside 2xx. */
  async text(method: string, path: string, key?: string, body?: unknown): Promise<string> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { ...(key ? { "x-api-key": key } : {}), "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text;
  }
}

export interface Workspace {
  id: string;
  apiKey: string;
}

export async function signUp(api: ApiClient, label: string): Promise<Workspace> {
  const signup = await api.call<{ apiKey: { key: string }; workspace: { id: string } }>(
    "POST",
    "/v1/dashboard-auth/signup",
    undefined,
    { email: `cost-${label}@example.com`, password: "cost bench password", workspaceName: `Cost ${label}` },
  );
  return { id: signup.workspace.id, apiKey: signup.apiKey.key };
}

// --- Observing and driving runs ------------------------------------------------------------------------

const TERMINAL = new Set(["COMPLETED", "FAILED", "CANCELLED", "SUPERSEDED"]);
const POLL_MS = 100;

/** The run as stored, read strongly consistent from DynamoDB Local itself (not through the proxy). */
export async function observeRun(dynamo: DynamoWire, tableName: string, workspaceId: string, runId: string) {
  const key = keys.run(workspaceId, runId);
  const item = await dynamo.getItem(tableName, { pk: { S: key.pk }, sk: { S: key.sk } });
  if (!item) throw new Error(`run ${runId} is missing`);
  return fromRunItem(unmarshallItem(item));
}

export interface DriveResult {
  statuses: string[];
  apiCalls: number;
}

/**
 * Takes each run to its end as a client would: decides every approval it pauses at and sends the signal
 * every external_event step waits for, over the API, once each. Fails past the deadline.
 */
export async function driveRuns(
  options: {
    api: ApiClient;
    dynamo: DynamoWire;
    tableName: string;
    workspace: Workspace;
    deadlineMs: number;
  },
  runIds: readonly string[],
): Promise<DriveResult> {
  const { api, dynamo, tableName, workspace } = options;
  let apiCalls = 0;
  const drive = async (runId: string): Promise<string> => {
    const done = new Set<string>();
    for (;;) {
      const run = await observeRun(dynamo, tableName, workspace.id, runId);
      if (TERMINAL.has(run.status)) return run.status;
      const wait = run.active?.wait;
      const stepRunId = run.active?.stepRun.id ?? "";
      if (run.status === "PAUSED" && wait?.kind === "approval" && !done.has(stepRunId)) {
        done.add(stepRunId);
        apiCalls += 1;
        await api.call("POST", `/v1/approval-requests/${wait.approvalRequestId}/decide`, workspace.apiKey, {
          decision: "approved",
        });
      } else if (run.status === "WAITING" && wait?.kind === "signal" && !done.has(stepRunId)) {
        done.add(stepRunId);
        apiCalls += 1;
        await api.call("POST", `/v1/workflow-runs/${runId}/resume`, workspace.apiKey, {
          signalType: SIGNAL_TYPE,
        });
      }
      if (Date.now() > options.deadlineMs)
        throw new Error(`run ${runId} still ${run.status} at the deadline`);
      await sleep(POLL_MS);
    }
  };
  const statuses = await Promise.all(runIds.map(drive));
  return { statuses, apiCalls };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- The receiver of http steps and webhooks -----------------------------------------------------------

export interface Receiver {
  url: string;
  /** Requests received per path. */
  count(path: string): number;
  stop(): Promise<void>;
}

export interface ReceiverOptions {
  delayMs?: number;
  gate?: Promise<void>;
  /** The status a path is answered with; 200 when absent. */
  statusOf?: (path: string) => number;
}

/**
 * A loopback server answering 200 (or `statusOf` its path) with a small JSON body to everything, counting
 * requests per path; with `gate`, no answer before it resolves, and with `delayMs`, each answer that much
 * later (a step that takes time, as a real request's does).
 */
export async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", async () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      counts.set(path, (counts.get(path) ?? 0) + 1);
      await options.gate;
      if (options.delayMs) await sleep(options.delayMs);
      res.writeHead(options.statusOf?.(path) ?? 200, { "content-type": "application/json" });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: (path) => counts.get(path) ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
