import { beforeEach, describe, expect, it } from "vitest";
import type { ApprovalRequest } from "../../core/domain/approval";
import type { IdGenerator } from "../../core/domain/ids";
import type { RunsStore } from "../../core/ports/store";
import {
  awaitApproval,
  commitOf,
  created,
  decide,
  fixedIds,
  MINUTE,
  newRun,
  start,
  T0,
  transition,
} from "./run-fixtures";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_approval_pages";

/**
 * `approvals.page`: a page of all or of the decided requests is `list`'s page, with `list`'s length as
 * `total`, through decisions, expiries and openings whose change lost (docs/lists.md, "Approvals, a page
 * at a time").
 */
export function describeApprovalPages(makeStore: MakeStore): void {
  describe("approval pages", () => {
    let store: RunsStore;
    let ids: IdGenerator;

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
    });

    /** A new run paused on a request opened at `minute`; the request. */
    async function open(minute: number): Promise<ApprovalRequest> {
      const tx = transition(await created(store, newRun(ids, ws)), ids, T0 + minute * MINUTE);
      start(tx);
      const approval = awaitApproval(tx, ids);
      expect(await store.runs.commit(commitOf(tx, { openApproval: approval }))).toEqual({
        kind: "committed",
      });
      return approval;
    }

    /** A request whose opening change loses its race (its run moved first): withdrawn, never listed. */
    async function openAndLose(minute: number): Promise<void> {
      const run = await created(store, newRun(ids, ws));
      const first = transition(run, ids, T0 + minute * MINUTE);
      start(first);
      await store.runs.commit(commitOf(first));
      const stale = transition(run, ids, T0 + minute * MINUTE);
      start(stale);
      const approval = awaitApproval(stale, ids);
      expect(await store.runs.commit(commitOf(stale, { openApproval: approval }))).toEqual({
        kind: "conflict",
      });
    }

    async function settle(
      approval: ApprovalRequest,
      minute: number,
      how: "approved" | "expired" | "defaulted",
    ) {
      const run = await store.runs.get(ws, approval.workflowRunId);
      if (!run) throw new Error(`run ${approval.workflowRunId} is gone`);
      const tx = transition(run, ids, T0 + minute * MINUTE);
      const settled =
        how === "approved"
          ? decide(tx, approval, "approved")
          : {
              ...approval,
              expiredAt: tx.now,
              ...(how === "defaulted" ? { decision: "rejected" as const } : {}),
            };
      expect(await store.runs.commit(commitOf(tx, { settleApproval: settled }))).toEqual({
        kind: "committed",
      });
    }

    /** Every page of both lists at each size equals `list`'s slice, `total` its length. */
    async function expectPagesOfList(pageSizes: number[]): Promise<void> {
      for (const pending of [undefined, false] as const) {
        const whole = await store.approvals.list(ws, pending);
        for (const pageSize of pageSizes) {
          const pages = Math.ceil(whole.length / pageSize) + 1;
          for (let page = 1; page <= pages; page++) {
            expect(await store.approvals.page(ws, pending, page, pageSize)).toEqual({
              items: whole.slice((page - 1) * pageSize, page * pageSize),
              total: whole.length,
            });
          }
        }
      }
    }

    it("pages all and the decided requests newest first, past decisions, expiries and lost openings", async () => {
      const opened: ApprovalRequest[] = [];
      for (let minute = 1; minute <= 9; minute++) {
        if (minute % 4 === 0) await openAndLose(minute);
        else opened.push(await open(minute));
      }
      const [a, b, c, d, , f] = opened as [ApprovalRequest, ...ApprovalRequest[]];
      await settle(a, 20, "approved");
      await settle(b as ApprovalRequest, 21, "expired");
      await settle(c as ApprovalRequest, 22, "defaulted");
      await settle(f as ApprovalRequest, 23, "approved");
      await settle(d as ApprovalRequest, 24, "approved");

      expect((await store.approvals.page(ws, undefined, 1, 3)).total).toBe(7);
      expect(await store.approvals.page(ws, false, 1, 10)).toEqual({
        items: (await store.approvals.list(ws, false)).slice(0, 10),
        total: 4,
      });
      await expectPagesOfList([1, 2, 3, 7]);
    });

    it("reads the requests created in a window, oldest first, and only counts a window over the bound", async () => {
      for (let minute = 1; minute <= 12; minute++) {
        if (minute % 5 === 0) await openAndLose(minute);
        else await open(minute);
      }
      const at = (minute: number) => new Date(T0 + minute * MINUTE).toISOString();
      const whole = await store.approvals.list(ws, undefined);
      for (const [from, to] of [
        [3, 8],
        [0, 13],
        [4, 4],
        [6, 7],
        [12, 20],
      ] as const) {
        const expected = whole
          .filter(({ createdAt }) => createdAt >= at(from) && createdAt < at(to))
          .reverse();
        expect(await store.approvals.createdBetween(ws, at(from), at(to), 10)).toEqual({
          items: expected,
          total: expected.length,
        });
      }
      expect(await store.approvals.createdBetween(ws, at(1), at(9), 5)).toEqual({ items: [], total: 7 });
    });

    it("pages past a hundred requests, the decided ones by block", async () => {
      const opened = [];
      for (let minute = 1; minute <= 112; minute++) opened.push(await open(minute));
      for (const [i, approval] of opened.entries()) {
        if (i % 3 !== 1) await settle(approval, 200 + i, "approved");
      }
      expect((await store.approvals.page(ws, false, 1, 20)).total).toBe(75);
      await expectPagesOfList([20, 33]);
    }, 120_000);
  });
}
