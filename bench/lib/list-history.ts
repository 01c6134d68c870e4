import type { BilledService } from "./billed-service";
import {
  type ApiClient,
  driveRuns,
  observeRun,
  RUN_INPUT,
  sleep,
  stepsOf,
  type Workspace,
} from "./cost-workloads";

/**
 * bench:lists' workspace: a history of ended runs grown in stages over the HTTP API, beside a set of live
 * runs that stays the same at every stage, so a list's reads can be compared as only the history grows.
 *
 * Of every 20 ended runs, 14 complete on their own (a noop), 2 complete once their approval is decided over
 * the API (so decided approvals pile up as runs do), 2 fail (an http step answered 500, no retry), 1 is
 * cancelled over the API and 1 is superseded by a newer run with the workspace's one supersession key (so the
 * key's list grows with history too; its newest run is live, waiting). A webhook for failed and cancelled
 * runs gives the delivery log a history of its own.
 */
export type EndedKind = "completed" | "approved" | "failed" | "cancelled" | "superseded";

const CYCLE: readonly EndedKind[] = [
  ...Array<EndedKind>(14).fill("completed"),
  "approved",
  "approved",
  "failed",
  "failed",
  "cancelled",
  "superseded",
];

/** The kind of the history's `index`th ended run: the shares above, interleaved. */
export const endedKind = (index: number): EndedKind => CYCLE[index % CYCLE.length] as EndedKind;

/** Live runs created to stay: waiting on an event, paused on an approval, and queued behind a slot. */
export const LIVE = { waiting: 24, paused: 24, pending: 3 } as const;
/** The WAITING runs at every stage: LIVE's, the one holding the slot, and the supersession key's newest. */
export const LIVE_WAITING = LIVE.waiting + 2;
/** Steps of the run whose events are paged. */
export const LONG_RUN_STEPS = 60;
export const SUPERSESSION_KEY = "bench:lists";

export interface ListWorkspace {
  workspace: Workspace;
  definitions: Record<"done" | "fails" | "waits" | "approves" | "held" | "long", string>;
  webhookId: string;
  longRunId: string;
  /** `createdAt` of every run the bench created, in creation order. */
  createdAt: string[];
  /** Ended runs grown so far (the long run is not counted). */
  ended: number;
}

interface Context {
  h: BilledService;
  api: ApiClient;
}

const CREATE_CONCURRENCY = 8;
/** Runs created, then driven to their end, together. */
const CHUNK = 40;
const CHUNK_DEADLINE_MS = 180_000;

export async function prepareWorkspace(
  { h, api }: Context,
  workspace: Workspace,
  failUrl: string,
  webhookUrl: string,
): Promise<ListWorkspace> {
  const define = async (name: string, steps: unknown[], extra: Record<string, unknown> = {}) =>
    (
      await api.call<{ id: string }>("POST", "/v1/workflow-definitions", workspace.apiKey, {
        name,
        version: "1",
        steps,
        ...extra,
      })
    ).id;
  const context = { httpUrl: failUrl };
  const definitions = {
    done: await define("done", stepsOf("noop", 1, context)),
    fails: await define("fails", stepsOf("http", 1, context)),
    waits: await define("waits", stepsOf("external_event", 1, context)),
    approves: await define("approves", stepsOf("approval", 1, context)),
    held: await define("held", stepsOf("external_event", 1, context), { concurrency: { limit: 1 } }),
    long: await define("long", stepsOf("noop", LONG_RUN_STEPS, context)),
  };
  const webhook = await api.call<{ id: string }>("POST", "/v1/webhooks", workspace.apiKey, {
    url: webhookUrl,
    events: ["workflow.failed", "workflow.cancelled"],
  });
  const w: ListWorkspace = {
    workspace,
    definitions,
    webhookId: webhook.id,
    longRunId: "",
    createdAt: [],
    ended: 0,
  };
  const create = (definitionId: string, extra: Record<string, unknown> = {}) =>
    createRun({ api }, w, definitionId, extra);

  const live = [
    ...(await each(LIVE.waiting, () => create(definitions.waits))),
    ...(await each(LIVE.paused, () => create(definitions.approves))),
    await create(definitions.held),
  ];
  await awaitStatuses(h, workspace, live, ["WAITING", "PAUSED"]);
  // Behind the held run's slot, these stay PENDING.
  const pending = await each(LIVE.pending, () => create(definitions.held));
  await create(definitions.waits, { supersessionKey: SUPERSESSION_KEY, supersedeExisting: true });
  w.longRunId = await create(definitions.long);
  await driveRuns(
    { api, dynamo: h.dynamo, tableName: h.tableName, workspace, deadlineMs: Date.now() + CHUNK_DEADLINE_MS },
    [w.longRunId],
  );
  await awaitStatuses(h, workspace, pending, ["PENDING"]);
  return w;
}

/** Grows the workspace's history to `target` ended runs, a chunk at a time, each chunk driven to its end. */
export async function growHistory({ h, api }: Context, w: ListWorkspace, target: number): Promise<void> {
  while (w.ended < target) {
    const kinds = Array.from({ length: Math.min(CHUNK, target - w.ended) }, (_, i) => endedKind(w.ended + i));
    const { definitions } = w;
    const runOf: Record<"completed" | "approved" | "failed", string> = {
      completed: definitions.done,
      approved: definitions.approves,
      failed: definitions.fails,
    };
    const driven = kinds.filter((kind) => kind in runOf) as (keyof typeof runOf)[];
    const runIds = await each(driven.length, (i) =>
      createRun({ api }, w, runOf[driven[i] as keyof typeof runOf]),
    );
    for (const kind of kinds) {
      if (kind === "cancelled") {
        const runId = await createRun({ api }, w, definitions.waits);
        await api.call("POST", `/v1/workflow-runs/${runId}/cancel`, w.workspace.apiKey);
      } else if (kind === "superseded") {
        // The key's live run becomes SUPERSEDED; the new one waits in its place.
        await createRun({ api }, w, definitions.waits, {
          supersessionKey: SUPERSESSION_KEY,
          supersedeExisting: true,
        });
      }
    }
    const { statuses } = await driveRuns(
      {
        api,
        dynamo: h.dynamo,
        tableName: h.tableName,
        workspace: w.workspace,
        deadlineMs: Date.now() + CHUNK_DEADLINE_MS,
      },
      runIds,
    );
    statuses.forEach((status, i) => {
      const expected = driven[i] === "failed" ? "FAILED" : "COMPLETED";
      if (status !== expected) throw new Error(`a ${driven[i]} run ended ${status}, not ${expected}`);
    });
    w.ended += kinds.length;
  }
}

async function createRun(
  { api }: Pick<Context, "api">,
  w: ListWorkspace,
  definitionId: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const run = await api.call<{ id: string; createdAt: string }>(
    "POST",
    "/v1/workflow-runs",
    w.workspace.apiKey,
    { definitionId, input: RUN_INPUT, ...extra },
  );
  w.createdAt.push(run.createdAt);
  return run.id;
}

/** `count` calls of `fn`, a few at a time, answers in call order. */
async function each<T>(count: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      answers[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CREATE_CONCURRENCY, count) }, worker));
  return answers;
}

/** Waits, reading DynamoDB Local directly (unbilled), until every run is in one of `statuses`. */
async function awaitStatuses(
  h: BilledService,
  workspace: Workspace,
  runIds: readonly string[],
  statuses: readonly string[],
): Promise<void> {
  const deadline = Date.now() + CHUNK_DEADLINE_MS;
  for (const runId of runIds) {
    for (;;) {
      const run = await observeRun(h.dynamo, h.tableName, workspace.id, runId);
      if (statuses.includes(run.status)) break;
      if (Date.now() > deadline)
        throw new Error(`run ${runId} still ${run.status}, not ${statuses.join(" or ")}`);
      await sleep(100);
    }
  }
}
