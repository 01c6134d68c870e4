import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { createDefinition, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import { approve, expectListed, idsOf, setUpLiveStatusLists, t } from "./live-status-lists-fixtures";

/**
 * Status lists of live runs: pages and totals of a live status among runs of the other live statuses, that
 * status combined with a definition and with a creation date window, and a run moving from one live list to
 * the next and to its end list.
 */
setUpLiveStatusLists();

describe("a live status among runs of the other live statuses", () => {
  let ws: SignedUp;
  let waitDefinition: string;
  let pauseDefinition: string;
  /** Created in this order, oldest first: waiting, paused, waiting, … so the two lists interleave. */
  let waiting: RunBody[];
  let paused: RunBody[];

  beforeAll(async () => {
    ws = await signUp(t);
    waitDefinition = (
      await createDefinition(
        t.request,
        ws.apiKey,
        [{ type: "external_event", name: "await-go", signalType: "go" }],
        "waits",
      )
    ).id;
    pauseDefinition = (
      await createDefinition(
        t.request,
        ws.apiKey,
        [{ type: "approval", name: "review", contentKey: "input" }],
        "pauses",
      )
    ).id;
    waiting = [];
    paused = [];
    for (let i = 0; i < 5; i++) {
      waiting.push(await startRun(t.request, ws.apiKey, { definitionId: waitDefinition, input: { i } }));
      if (i < 3)
        paused.push(await startRun(t.request, ws.apiKey, { definitionId: pauseDefinition, input: { i } }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await t.idle();
  });

  const newestFirst = (runs: RunBody[]) => idsOf(runs).reverse();

  it("pages only the runs of that status, newest first, with an exact total", async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      pages.push(await listRuns(t.request, ws.apiKey, { status: "WAITING", page, pageSize: 2 }));
    }

    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1, 0]);
    expect(pages.map((page) => page.meta)).toEqual(
      [1, 2, 3, 4].map((page) => ({ page, pageSize: 2, total: 5, totalPages: 3 })),
    );
    expect(pages.flatMap((page) => idsOf(page.data))).toEqual(newestFirst(waiting));
    expectListed(await listRuns(t.request, ws.apiKey, { status: "PAUSED" }), newestFirst(paused));
    expectListed(await listRuns(t.request, ws.apiKey, { status: "RUNNING" }), []);
  });

  it("combines a live status with a definition, and with a creation date window", async () => {
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", definitionId: waitDefinition }),
      newestFirst(waiting),
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", definitionId: pauseDefinition }),
      [],
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "PAUSED", definitionId: pauseDefinition, pageSize: 2 }),
      newestFirst(paused).slice(0, 2),
      3,
    );

    const window = { createdAfter: paused[1]?.createdAt ?? "", createdBefore: waiting[4]?.createdAt ?? "" };
    // Created in the window: paused[1], waiting[2], paused[2], waiting[3].
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", ...window }),
      newestFirst(waiting.slice(2, 4)),
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "PAUSED", ...window, pageSize: 1, page: 2 }),
      idsOf(paused.slice(1, 2)),
      2,
    );
  });

  it("moves a run from one live list to the next and to its end list", async () => {
    const [first] = paused;
    if (!first) throw new Error("no paused run");
    await approve(ws.apiKey, first.id);
    await waitForRun(t.request, ws.apiKey, first.id, withStatus("COMPLETED"));

    expectListed(await listRuns(t.request, ws.apiKey, { status: "PAUSED" }), newestFirst(paused.slice(1)));
    expectListed(await listRuns(t.request, ws.apiKey, { status: "COMPLETED" }), [first.id]);
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING" }), newestFirst(waiting));
  });
});
