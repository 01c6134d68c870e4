import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { PageBody, RunBody } from "../helpers/api-types";
import { createDefinition, expectQueryRejected, listRuns, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

const oneNoop = [{ type: "task", name: "only", handler: "noop" }];
/** Stays WAITING until a "go" signal arrives, then completes. */
const waitsForSignal = [{ type: "external_event", name: "await-go", signalType: "go" }];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" }, { realTime: true });
});

/** A new account, so its run list holds only what the test puts there. */
async function freshWorkspace(): Promise<SignedUp> {
  return signUp(t);
}

/** Stores a definition with these steps in the workspace and returns its id. */
async function define(ws: SignedUp, steps: unknown[], name: string): Promise<string> {
  return (await createDefinition(t.request, ws.apiKey, steps, name)).id;
}

/** Starts runs one after another (so their order is known), then waits until the engine is done. */
async function startRuns(apiKey: string, count: number, body: Record<string, unknown>): Promise<RunBody[]> {
  const runs: RunBody[] = [];
  for (let i = 0; i < count; i++) runs.push(await startRun(t.request, apiKey, { ...body, input: { i } }));
  await t.idle();
  return runs;
}

const idsOf = (runs: { id: string }[]) => runs.map((run) => run.id);
const newestFirst = (runs: RunBody[]) => idsOf(runs).reverse();

/** Pages 1 to `count` of the list, `pageSize` runs each, one after another. */
async function listPages(
  apiKey: string,
  query: Record<string, string>,
  pageSize: number,
  count = 3,
): Promise<PageBody<RunBody>[]> {
  const pages = [];
  for (let page = 1; page <= count; page++)
    pages.push(await listRuns(t.request, apiKey, { ...query, page, pageSize }));
  return pages;
}

/** The page lists exactly the runs `ids`, in that order, and counts `total` in all. */
function expectListed(page: PageBody<RunBody>, ids: string[], total = ids.length): void {
  expect(idsOf(page.data)).toEqual(ids);
  expect(page.meta.total).toBe(total);
}

async function resume(apiKey: string, runId: string): Promise<void> {
  const response = await t.request("POST", `/v1/workflow-runs/${runId}/resume`, {
    body: { signalType: "go" },
    headers: withKey(apiKey),
  });
  expect(response.status, await response.text()).toBe(200);
}

describe("GET /v1/workflow-runs without filters", () => {
  let ws: SignedUp;
  let created: RunBody[];

  beforeAll(async () => {
    ws = await freshWorkspace();
    const definition = await define(ws, oneNoop, "noop");
    created = await startRuns(ws.apiKey, 7, { definitionId: definition });
  });

  it("lists runs newest first", async () => {
    const { data } = await listRuns(t.request, ws.apiKey, { pageSize: 100 });

    expect(idsOf(data)).toEqual(newestFirst(created));
    const times = data.map((run) => run.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("returns every run exactly once over pages of 3, 3 and 1 when 7 runs are paged by 3", async () => {
    const pages = await listPages(ws.apiKey, {}, 3);

    expect(pages.map((page) => page.data.length)).toEqual([3, 3, 1]);
    expect(pages.map((page) => page.meta)).toEqual(
      [1, 2, 3].map((page) => ({ page, pageSize: 3, total: 7, totalPages: 3 })),
    );
    expect(pages.flatMap((page) => idsOf(page.data))).toEqual(newestFirst(created));
  });

  it("answers an empty page with the right total when the page is beyond the end", async () => {
    const beyond = await listRuns(t.request, ws.apiKey, { page: 4, pageSize: 3 });

    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toEqual({ page: 4, pageSize: 3, total: 7, totalPages: 3 });
  });

  it("uses page 1 and pageSize 20 when no query is given", async () => {
    const { data, meta } = await listRuns(t.request, ws.apiKey);

    expect(meta).toEqual({ page: 1, pageSize: 20, total: 7, totalPages: 1 });
    expect(data).toHaveLength(7);
  });

  it("shows each run's current status and fields when it lists them", async () => {
    const { data } = await listRuns(t.request, ws.apiKey, { pageSize: 100 });

    for (const run of data) {
      expect(run).toMatchObject({ workspaceId: ws.workspaceId, status: "COMPLETED" });
      expect(Object.keys(run)).not.toContain("steps");
    }
    expect(data.at(-1)?.input).toEqual({ i: 0 });
  });

  it("lists every run once when runs are created concurrently", async () => {
    const other = await freshWorkspace();
    const definition = await define(other, oneNoop, "noop");
    const runs = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        startRun(t.request, other.apiKey, { definitionId: definition, input: { i } }),
      ),
    );
    await t.idle();

    const pages = await listPages(other.apiKey, {}, 3);
    const listed = pages.flatMap((page) => idsOf(page.data));
    expect(listed).toHaveLength(7);
    expect(new Set(listed)).toEqual(new Set(idsOf(runs)));
    expect(pages[0]?.meta.total).toBe(7);
  });
});

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

describe("GET /v1/workflow-runs?supersessionKey", () => {
  let ws: SignedUp;
  let definition: string;
  let withX: RunBody[];
  let withY: RunBody[];

  beforeAll(async () => {
    ws = await freshWorkspace();
    definition = await define(ws, oneNoop, "noop");
    const [x1] = await startRuns(ws.apiKey, 1, { definitionId: definition, supersessionKey: "x" });
    withY = await startRuns(ws.apiKey, 1, { definitionId: definition, supersessionKey: "y" });
    await startRuns(ws.apiKey, 1, { definitionId: definition });
    const [x2] = await startRuns(ws.apiKey, 1, { definitionId: definition, supersessionKey: "x" });
    if (!x1 || !x2) throw new Error("runs not created");
    withX = [x1, x2];
  });

  it("lists only the runs with that key, newest first, when supersessionKey is given", async () => {
    const x = await listRuns(t.request, ws.apiKey, { supersessionKey: "x" });
    const y = await listRuns(t.request, ws.apiKey, { supersessionKey: "y" });

    expect(idsOf(x.data)).toEqual(newestFirst(withX));
    expect(x.meta).toEqual({ page: 1, pageSize: 20, total: 2, totalPages: 1 });
    expectListed(y, idsOf(withY));
  });

  it("answers an empty list when no run has the key", async () => {
    expectListed(await listRuns(t.request, ws.apiKey, { supersessionKey: "nobody" }), []);
  });

  it("lists the runs with that key and status when supersessionKey and status are both given", async () => {
    const completed = await listRuns(t.request, ws.apiKey, {
      supersessionKey: "x",
      status: "COMPLETED",
    });
    const waiting = await listRuns(t.request, ws.apiKey, { supersessionKey: "x", status: "WAITING" });

    expectListed(completed, newestFirst(withX));
    expectListed(waiting, []);
  });
});

describe("GET /v1/workflow-runs by creation date", () => {
  let ws: SignedUp;
  let runs: RunBody[];
  let otherDefinition: string;

  /** Five runs a few milliseconds apart, the middle one of another definition. */
  beforeAll(async () => {
    ws = await freshWorkspace();
    const definition = await define(ws, oneNoop, "dated");
    otherDefinition = await define(ws, oneNoop, "dated-other");
    runs = [];
    for (const definitionId of [definition, definition, otherDefinition, definition, definition]) {
      runs.push(...(await startRuns(ws.apiKey, 1, { definitionId })));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  const createdAt = (i: number) => runs[i]?.createdAt ?? "";

  it("lists the runs created from createdAfter (inclusive) to createdBefore (exclusive), newest first", async () => {
    const window = { createdAfter: createdAt(1), createdBefore: createdAt(4) };
    const [first, second] = await listPages(ws.apiKey, window, 2, 2);

    expectListed(first as PageBody<RunBody>, newestFirst(runs.slice(2, 4)), 3);
    expectListed(second as PageBody<RunBody>, newestFirst(runs.slice(1, 2)), 3);
  });

  it("reads a timestamp with an offset and a bare date as the instants they name", async () => {
    const shifted = new Date(Date.parse(createdAt(3)) + 2 * 3_600_000).toISOString().replace("Z", "+02:00");
    const today = createdAt(0).slice(0, 10);
    const tomorrow = new Date(Date.parse(createdAt(4).slice(0, 10)) + 86_400_000).toISOString().slice(0, 10);

    expectListed(await listRuns(t.request, ws.apiKey, { createdAfter: shifted }), newestFirst(runs.slice(3)));
    expectListed(await listRuns(t.request, ws.apiKey, { createdAfter: today }), newestFirst(runs));
    expectListed(await listRuns(t.request, ws.apiKey, { createdAfter: tomorrow }), []);
  });

  it("combines a date window with a definition and a status", async () => {
    const after = { createdAfter: createdAt(2) };

    expectListed(
      await listRuns(t.request, ws.apiKey, { ...after, definitionId: otherDefinition }),
      idsOf(runs.slice(2, 3)),
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { ...after, status: "COMPLETED" }),
      newestFirst(runs.slice(2)),
    );
  });

  it("answers 400 naming createdBefore when the window ends before it starts", async () => {
    const query = `createdAfter=${createdAt(3)}&createdBefore=${createdAt(1)}`;
    await expectQueryRejected(t.request, ws.apiKey, `/v1/workflow-runs?${query}`, "createdBefore");
  });
});

describe("GET /v1/workflow-runs with a bad query", () => {
  let ws: SignedUp;

  beforeAll(async () => {
    ws = await freshWorkspace();
  });

  it.each([
    ["status=DONE", "status"],
    ["status=completed", "status"],
    ["status=", "status"],
    ["pageSize=101", "pageSize"],
    ["pageSize=0", "pageSize"],
    ["page=0", "page"],
    ["page=two", "page"],
    ["createdAfter=yesterday", "createdAfter"],
    ["createdAfter=2026-11-01T10:00:00", "createdAfter"],
    ["createdBefore=2026-13-01", "createdBefore"],
  ])("answers 400 VALIDATION_ERROR naming the field when the query is %s", async (query, field) => {
    await expectQueryRejected(t.request, ws.apiKey, `/v1/workflow-runs?${query}`, field);
  });

  it("accepts pageSize 100, the largest allowed", async () => {
    const { meta } = await listRuns(t.request, ws.apiKey, { pageSize: 100 });

    expect(meta).toEqual({ page: 1, pageSize: 100, total: 0, totalPages: 0 });
  });
});
