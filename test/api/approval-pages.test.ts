import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { PageBody } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { createDefinition, expectPage, startRun, waitForRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * `GET /v1/approval-requests` a page at a time (docs/lists.md, "Approvals, a page at a time"), end to end
 * over HTTP on DynamoDB Local: every page of all and of the decided requests is the spec's array's page, and
 * `meta.total` its length, through decisions, expiries (with and without a decision) and openings withdrawn
 * because their run was cancelled at the same moment.
 */
let t: TestApp;
let ws: SignedUp;

interface Approval {
  id: string;
  workflowRunId: string;
  decision: string | null;
  expiredAt: string | null;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  ws = await signUp(t);
});

const get = (path: string) => t.request("GET", path, { headers: withKey(ws.apiKey) });
const post = (path: string, body?: unknown) => t.request("POST", path, { body, headers: withKey(ws.apiKey) });

/**
 * Starts `count` runs of a new definition one after the other, each once the one before has opened its request
 * (or, `then` given, has had it done to it): requests opened at the same moment are listed by page in the order
 * they took their numbers, which may differ by milliseconds from their `createdAt`.
 */
async function started(
  steps: unknown[],
  name: string,
  count: number,
  then?: (runId: string) => Promise<unknown>,
): Promise<string[]> {
  const definition = await createDefinition(t.request, ws.apiKey, steps, name);
  const runs = [];
  for (let i = 0; i < count; i++) {
    const runId = (await startRun(t.request, ws.apiKey, { definitionId: definition.id })).id;
    await (then ? then(runId) : pendingOf([runId]));
    runs.push(runId);
  }
  return runs;
}

/** Polls until every run has a pending request; their requests in the runs' order. */
async function pendingOf(runIds: string[]): Promise<Approval[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const pending = await expectData<Approval[]>(await get("/v1/approval-requests?pending=true"), 200);
    const found = runIds.map((runId) => pending.find((request) => request.workflowRunId === runId));
    if (found.every((request) => request !== undefined)) return found as Approval[];
    if (Date.now() > deadline) throw new Error("the runs opened no request");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function settled(runIds: string[]): Promise<void> {
  for (const runId of runIds) {
    await waitForRun(t.request, ws.apiKey, runId, (run) =>
      ["COMPLETED", "FAILED", "CANCELLED"].includes(run.status),
    );
  }
}

/** Every page of the list at each size is the array's page; past the end, an empty page with the same total. */
async function expectPagesOfArray(pending: "" | "false", pageSizes: number[]): Promise<Approval[]> {
  const filter = pending === "" ? "" : `pending=${pending}&`;
  const whole = await expectData<Approval[]>(await get(`/v1/approval-requests?${filter.slice(0, -1)}`), 200);
  for (const pageSize of pageSizes) {
    for (let page = 1; page <= Math.ceil(whole.length / pageSize) + 1; page++) {
      const answer: PageBody<Approval> = await expectPage<Approval>(
        await get(`/v1/approval-requests?${filter}page=${page}&pageSize=${pageSize}`),
      );
      expect(answer.data.map(({ id }) => id)).toEqual(
        whole.slice((page - 1) * pageSize, page * pageSize).map(({ id }) => id),
      );
      expect(answer.meta).toEqual({
        page,
        pageSize,
        total: whole.length,
        totalPages: Math.ceil(whole.length / pageSize),
      });
    }
  }
  return whole;
}

describe("approval requests a page at a time", () => {
  it("pages all and the decided requests as the array lists them, total exact", async () => {
    const review = [{ type: "approval", name: "review", contentKey: "input" }];
    const timingOut = (onTimeout: string) => [
      { type: "approval", name: "review", contentKey: "input", timeoutMs: 1000, onTimeout },
    ];
    const reviewed = await started(review, "reviewed", 6);
    const approvedLate = await started(timingOut("approve"), "approved-late", 2);
    const failedLate = await started(timingOut("fail"), "failed-late", 2);
    // Cancelled as they start: an opening that loses to the cancel is withdrawn and its number given up.
    const cancelled = await started(review, "cancelled", 4, async (runId) => {
      await post(`/v1/workflow-runs/${runId}/cancel`);
      await settled([runId]);
    });

    const requests = await pendingOf(reviewed);
    for (const [i, request] of requests.slice(0, 3).entries()) {
      const decision = i === 1 ? "rejected" : "approved";
      expect((await post(`/v1/approval-requests/${request.id}/decide`, { decision })).status).toBe(200);
    }
    await settled([...approvedLate, ...failedLate, ...cancelled]);
    await t.idle();

    const decided = await expectPagesOfArray("false", [1, 2, 3]);
    expect(decided).toHaveLength(5);
    expect(decided.filter((request) => request.expiredAt !== null)).toHaveLength(2);
    const all = await expectPagesOfArray("", [1, 3, 4, 20]);
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(all.length).toBeLessThanOrEqual(14);

    // A decision moves a request from pending to decided; both lists' pages follow.
    const [fourth] = requests.slice(3);
    expect((await post(`/v1/approval-requests/${fourth?.id}/decide`, { decision: "approved" })).status).toBe(
      200,
    );
    expect((await expectPagesOfArray("false", [2])).map(({ id }) => id)).toContain(fourth?.id);
    expect(await expectPagesOfArray("", [3])).toHaveLength(all.length);
  }, 60_000);
});
