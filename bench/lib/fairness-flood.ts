import { ApiClient, signUp, type Workspace } from "./cost-workloads";

/**
 * The fairness workload (docs/triggers.md, "Fairness"), shared by `npm run bench:fairness` and its
 * end-to-end test: one workspace floods the service with runs of a short workflow, another then starts a
 * single run, and the runs' own timestamps (`createdAt`, and a completed run's `updatedAt`, which is when it
 * completed; written by the service) say how long the single run took and how many of the flood's runs
 * finished ahead of it.
 */

/**
 * Two http steps: each holds a worker for a request's time, as real steps do. The longest timeout, so a
 * request the test holds at its receiver while the flood is created (on a slow machine, longer than the
 * default 30 s) is not failed by it.
 */
export function shortWorkflow(receiverUrl: string) {
  const step = (name: string) => ({
    name,
    type: "task",
    handler: "http",
    config: { url: `${receiverUrl}/${name}`, timeoutMs: 300_000 },
  });
  return { name: "fairness", version: "1", steps: [step("fetch"), step("report")] };
}

export interface Tenant extends Workspace {
  api: ApiClient;
  definitionId: string;
}

export async function tenant(url: string, label: string, receiverUrl: string): Promise<Tenant> {
  const api = new ApiClient(url);
  const workspace = await signUp(api, `fairness-${label}`);
  const definition = await api.call<{ id: string }>(
    "POST",
    "/v1/workflow-definitions",
    workspace.apiKey,
    shortWorkflow(receiverUrl),
  );
  return { ...workspace, api, definitionId: definition.id };
}

export interface RunTimes {
  id: string;
  status: string;
  createdAtMs: number;
  completedAtMs: number | undefined;
}

interface ListedRun {
  id: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

const ENDED = ["COMPLETED", "FAILED", "CANCELLED", "SUPERSEDED"];

const toTimes = (run: ListedRun): RunTimes => ({
  id: run.id,
  status: run.status,
  createdAtMs: Date.parse(run.createdAt),
  completedAtMs: run.status === "COMPLETED" ? Date.parse(run.updatedAt) : undefined,
});

/** Creates `runs` runs, `lanes` requests at a time. */
export async function flood(tenant: Tenant, runs: number, lanes: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, runs) }, async () => {
      while (next < runs) {
        next += 1;
        await tenant.api.call("POST", "/v1/workflow-runs", tenant.apiKey, {
          definitionId: tenant.definitionId,
          input: {},
        });
      }
    }),
  );
}

export async function startOne(tenant: Tenant): Promise<string> {
  const run = await tenant.api.call<{ id: string }>("POST", "/v1/workflow-runs", tenant.apiKey, {
    definitionId: tenant.definitionId,
    input: {},
  });
  return run.id;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the run until it has ended; fails past `timeoutMs`. */
export async function ended(tenant: Tenant, runId: string, timeoutMs: number): Promise<RunTimes> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = toTimes(await tenant.api.call<ListedRun>("GET", `/v1/workflow-runs/${runId}`, tenant.apiKey));
    if (ENDED.includes(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status} after ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** The workspace's runs once none is live any more; fails past `timeoutMs`. */
export async function allEnded(tenant: Tenant, timeoutMs: number): Promise<RunTimes[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const runs = await listAll(tenant);
    if (runs.every((run) => ENDED.includes(run.status))) return runs;
    if (Date.now() > deadline) throw new Error(`the flood had not ended after ${timeoutMs} ms`);
    await sleep(500);
  }
}

async function listAll(tenant: Tenant): Promise<RunTimes[]> {
  const runs: RunTimes[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${tenant.api.url}/v1/workflow-runs?page=${page}&pageSize=100`, {
      headers: { "x-api-key": tenant.apiKey },
    });
    const body = (await response.json()) as { data: ListedRun[]; meta: { totalPages: number } };
    runs.push(...body.data.map(toTimes));
    if (page >= body.meta.totalPages) return runs;
  }
}

/** What the flood did to the single run, from the runs' own timestamps. */
export interface FairnessFigures {
  /** The single run's creation to completion, ms. */
  latencyMs: number;
  /** The flood's runs not yet completed when the single run was created. */
  floodBacklog: number;
  /** Of those, the ones that completed before the single run did. */
  floodCompletedAhead: number;
  /** The flood's completions per second, from its first creation to its last completion. */
  floodRunsPerSecond: number;
}

export function fairnessFigures(single: RunTimes, floodRuns: readonly RunTimes[]): FairnessFigures {
  const completedAt = (run: RunTimes) => run.completedAtMs ?? Number.POSITIVE_INFINITY;
  const singleDone = completedAt(single);
  const backlog = floodRuns.filter((run) => completedAt(run) > single.createdAtMs);
  const first = Math.min(...floodRuns.map((run) => run.createdAtMs));
  const last = Math.max(...floodRuns.map(completedAt));
  return {
    latencyMs: singleDone - single.createdAtMs,
    floodBacklog: backlog.length,
    floodCompletedAhead: backlog.filter((run) => completedAt(run) <= singleDone).length,
    floodRunsPerSecond: Math.round((floodRuns.length / ((last - first) / 1000)) * 10) / 10,
  };
}
