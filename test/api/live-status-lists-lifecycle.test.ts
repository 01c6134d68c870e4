import { beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../helpers/accounts";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData } from "../helpers/requests";
import { httpStep, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import {
  approve,
  expectListed,
  idsOf,
  resume,
  send,
  setUpLiveStatusLists,
  t,
} from "./live-status-lists-fixtures";

/**
 * Status lists of live runs: a run followed through every live status (PENDING behind a concurrency limit,
 * RUNNING, PAUSED, WAITING) to its end, with every status list of the workspace exact at each step.
 */
setUpLiveStatusLists();

/** Requests the http target holds until the test answers them, by the path they asked for. */
const held: { path: string; answer: () => void }[] = [];

/** The http target's base URL. */
let target: string;

beforeAll(async () => {
  target = await startLoopbackServer((request, _body, response) => {
    held.push({
      path: request.url ?? "",
      answer: () => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("{}");
      },
    });
  });
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Answers the held request for `path` once it has arrived. */
async function answer(path: string): Promise<void> {
  await until(() => held.some((request) => request.path === path), `the request to ${path}`);
  const index = held.findIndex((request) => request.path === path);
  held.splice(index, 1)[0]?.answer();
}

/** Every status list of the workspace, as the ids each one lists (each checked for its own status). */
async function statusLists(apiKey: string): Promise<Record<string, string[]>> {
  const lists: Record<string, string[]> = {};
  for (const status of ["PENDING", "RUNNING", "PAUSED", "WAITING", "COMPLETED", "CANCELLED", "FAILED"]) {
    const page = await listRuns(t.request, apiKey, { status, pageSize: 100 });
    expect(page.meta.total).toBe(page.data.length);
    expect(page.data.every((run) => run.status === status)).toBe(true);
    if (page.data.length > 0) lists[status] = idsOf(page.data);
  }
  return lists;
}

describe("a run followed through every live status to its end", () => {
  it("is listed under PENDING, RUNNING, PAUSED and WAITING as it moves, then under COMPLETED, each list exact", async () => {
    const ws = await signUp(t);
    const steps = [
      httpStep(target, "work", "/work/{{input.n}}"),
      { type: "approval", name: "review", contentKey: "input" },
      { type: "external_event", name: "await-go", signalType: "go" },
    ];
    const { id: definitionId } = await expectData<{ id: string }>(
      await send(ws.apiKey, "POST", "/v1/workflow-definitions", {
        name: "one-at-a-time",
        version: "1",
        steps,
        concurrency: { limit: 1 },
      }),
      201,
    );
    // The blocker holds the one place while its http step is held, so the run waits PENDING behind it.
    const blocker = await startRun(t.request, ws.apiKey, { definitionId, input: { n: 0 } });
    await until(() => held.some((request) => request.path === "/work/0"), "the blocker's request");
    const run = await startRun(t.request, ws.apiKey, { definitionId, input: { n: 1 } });
    await until(
      async () => (await listRuns(t.request, ws.apiKey, { waitingFor: "concurrency" })).meta.total === 1,
      "the run waiting for the place",
    );
    expect(await statusLists(ws.apiKey)).toEqual({ PENDING: [run.id], RUNNING: [blocker.id] });
    expectListed(await listRuns(t.request, ws.apiKey, { waitingFor: "concurrency" }), [run.id]);

    // The blocker ends, the run takes the place and runs its http step, which the target holds.
    await expectData(await send(ws.apiKey, "POST", `/v1/workflow-runs/${blocker.id}/cancel`), 200);
    await answer("/work/0");
    await until(() => held.some((request) => request.path === "/work/1"), "the run's request");
    expect(await statusLists(ws.apiKey)).toEqual({ RUNNING: [run.id], CANCELLED: [blocker.id] });
    expectListed(await listRuns(t.request, ws.apiKey, { waitingFor: "concurrency" }), []);

    await answer("/work/1");
    await waitForRun(t.request, ws.apiKey, run.id, withStatus("PAUSED"));
    expect(await statusLists(ws.apiKey)).toEqual({ PAUSED: [run.id], CANCELLED: [blocker.id] });

    await approve(ws.apiKey, run.id);
    await waitForRun(t.request, ws.apiKey, run.id, withStatus("WAITING"));
    expect(await statusLists(ws.apiKey)).toEqual({ WAITING: [run.id], CANCELLED: [blocker.id] });

    await resume(ws.apiKey, run.id);
    await waitForRun(t.request, ws.apiKey, run.id, withStatus("COMPLETED"));
    expect(await statusLists(ws.apiKey)).toEqual({ COMPLETED: [run.id], CANCELLED: [blocker.id] });
  });
});
