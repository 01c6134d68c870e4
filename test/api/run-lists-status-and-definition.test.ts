import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { listRuns } from "../helpers/runs";
import {
  define,
  expectListed,
  freshWorkspace,
  idsOf,
  listPages,
  newestFirst,
  oneNoop,
  setUpRunLists,
  startRuns,
  t,
} from "./run-lists-fixtures";

/**
 * GET /v1/workflow-runs filtered by status, by definitionId, or both: the runs listed, newest created first,
 * their totals and pages, and a run moving from the WAITING list to the COMPLETED list when resumed.
 */
setUpRunLists();

/** Stays WAITING until a "go" signal arrives, then completes. */
const waitsForSignal = [{ type: "external_event", name: "await-go", signalType: "go" }];

async function resume(apiKey: string, runId: string): Promise<void> {
  const response = await t.request("POST", `/v1/workflow-runs/${runId}/resume`, {
    body: { signalType: "go" },
    headers: withKey(apiKey),
  });
  expect(response.status, await response.text()).toBe(200);
}

describe("GET /v1/workflow-runs with filters", () => {
  let ws: SignedUp;
  let noopDefinition: string;
  let signalDefinition: string;
  let completedNoops: RunBody[];
  /** Signal runs: the first two are resumed (COMPLETED), the last two stay WAITING. */
  let signalRuns: RunBody[];

  beforeAll(async () => {
    ws = await freshWorkspace();
    noopDefinition = await define(ws, oneNoop, "noop");
    signalDefinition = await define(ws, waitsForSignal, "signal");
    completedNoops = await startRuns(ws.apiKey, 2, { definitionId: noopDefinition });
    signalRuns = await startRuns(ws.apiKey, 4, { definitionId: signalDefinition });
    // Resumed newest first, so the order they became COMPLETED differs from the order they were created.
    for (const run of signalRuns.slice(0, 2).reverse()) await resume(ws.apiKey, run.id);
    await t.idle();
  });

  const completedSignals = () => signalRuns.slice(0, 2);
  const waitingSignals = () => signalRuns.slice(2);

  it("lists only COMPLETED runs, newest created first whatever order they completed in, when status is COMPLETED", async () => {
    const { data, meta } = await listRuns(t.request, ws.apiKey, { status: "COMPLETED" });

    expect(idsOf(data)).toEqual(newestFirst([...completedNoops, ...completedSignals()]));
    expect(data.every((run) => run.status === "COMPLETED")).toBe(true);
    expect(meta).toEqual({ page: 1, pageSize: 20, total: 4, totalPages: 1 });
  });

  it("lists only WAITING runs, newest first, when status is WAITING", async () => {
    const waiting = await listRuns(t.request, ws.apiKey, { status: "WAITING" });

    expectListed(waiting, newestFirst(waitingSignals()));
    expect(waiting.data.every((run) => run.status === "WAITING")).toBe(true);
  });

  it("answers an empty list with total 0 when no run has the status", async () => {
    const { data, meta } = await listRuns(t.request, ws.apiKey, { status: "CANCELLED" });

    expect(data).toEqual([]);
    expect(meta).toEqual({ page: 1, pageSize: 20, total: 0, totalPages: 0 });
  });

  it("pages a status list without repeating or missing runs when pageSize is smaller than the list", async () => {
    const pages = await listPages(ws.apiKey, { status: "COMPLETED" }, 2);

    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 0]);
    expect(pages.map((page) => page.meta)).toEqual(
      [1, 2, 3].map((page) => ({ page, pageSize: 2, total: 4, totalPages: 2 })),
    );
    expect(pages.flatMap((page) => idsOf(page.data))).toEqual(
      newestFirst([...completedNoops, ...completedSignals()]),
    );
  });

  it("moves a run from the WAITING list to the COMPLETED list when it is resumed", async () => {
    const other = await freshWorkspace();
    const definition = await define(other, waitsForSignal, "signal");
    const [run] = await startRuns(other.apiKey, 1, { definitionId: definition });
    if (!run) throw new Error("no run");
    expect(idsOf((await listRuns(t.request, other.apiKey, { status: "WAITING" })).data)).toEqual([run.id]);

    await resume(other.apiKey, run.id);
    await t.idle();

    const waiting = await listRuns(t.request, other.apiKey, { status: "WAITING" });
    const completed = await listRuns(t.request, other.apiKey, { status: "COMPLETED" });
    expectListed(waiting, []);
    expectListed(completed, [run.id]);
  });

  it("lists only that definition's runs, newest first, when definitionId is given", async () => {
    const noops = await listRuns(t.request, ws.apiKey, { definitionId: noopDefinition });
    const signals = await listRuns(t.request, ws.apiKey, { definitionId: signalDefinition });

    expect(idsOf(noops.data)).toEqual(newestFirst(completedNoops));
    expect(noops.meta).toEqual({ page: 1, pageSize: 20, total: 2, totalPages: 1 });
    expect(idsOf(signals.data)).toEqual(newestFirst(signalRuns));
    expect(signals.meta).toEqual({ page: 1, pageSize: 20, total: 4, totalPages: 1 });
  });

  it("pages a definition's runs when pageSize is smaller than the list", async () => {
    const pages = await listPages(ws.apiKey, { definitionId: signalDefinition }, 3, 2);

    expect(pages.flatMap((page) => idsOf(page.data))).toEqual(newestFirst(signalRuns));
    expect(pages.map((page) => page.meta)).toEqual(
      [1, 2].map((page) => ({ page, pageSize: 3, total: 4, totalPages: 2 })),
    );
  });

  it("answers an empty list when definitionId names no definition of the workspace", async () => {
    expectListed(await listRuns(t.request, ws.apiKey, { definitionId: "wfd_unknown" }), []);
  });

  it("lists only the runs of both that status and that definition when both are given", async () => {
    const completedSignalList = await listRuns(t.request, ws.apiKey, {
      status: "COMPLETED",
      definitionId: signalDefinition,
    });
    const waitingSignalList = await listRuns(t.request, ws.apiKey, {
      status: "WAITING",
      definitionId: signalDefinition,
    });
    const waitingNoopList = await listRuns(t.request, ws.apiKey, {
      status: "WAITING",
      definitionId: noopDefinition,
    });

    expectListed(completedSignalList, newestFirst(completedSignals()));
    expectListed(waitingSignalList, newestFirst(waitingSignals()));
    expectListed(waitingNoopList, []);
  });

  it("pages a combined status and definition filter with the combined total", async () => {
    const first = await listRuns(t.request, ws.apiKey, {
      status: "COMPLETED",
      definitionId: signalDefinition,
      pageSize: 1,
    });
    const second = await listRuns(t.request, ws.apiKey, {
      status: "COMPLETED",
      definitionId: signalDefinition,
      page: 2,
      pageSize: 1,
    });

    expect(first.meta).toEqual({ page: 1, pageSize: 1, total: 2, totalPages: 2 });
    expect(second.meta).toEqual({ page: 2, pageSize: 1, total: 2, totalPages: 2 });
    expect([...idsOf(first.data), ...idsOf(second.data)]).toEqual(newestFirst(completedSignals()));
  });
});
