import { beforeAll, describe, expect, it } from "vitest";
import type { SignedUp } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { listRuns, startRun } from "../helpers/runs";
import {
  define,
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
 * GET /v1/workflow-runs without filters: newest first, paged without repeating or missing a run (also runs
 * created concurrently), the defaults and a page beyond the end, and the fields each listed run shows.
 */
setUpRunLists();

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
