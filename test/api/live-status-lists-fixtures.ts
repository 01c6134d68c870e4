import { beforeAll, expect } from "vitest";
import { withKey } from "../helpers/accounts";
import type { PageBody, RunBody } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of status lists of live runs (PENDING, RUNNING, PAUSED, WAITING), which the store keeps
 * in one index partition per workspace with the status beside the key (docs/lists.md, "Runs by status"),
 * end to end over HTTP on DynamoDB Local (live-status-lists-*.test.ts): a real-time app of each file's own
 * (setUpLiveStatusLists), checking a page of runs, and requests that resume a run or approve its pending
 * request.
 */
export let t: TestApp;

/** Before the file's tests: starts its app on the system clock. Call once per file. */
export function setUpLiveStatusLists(): void {
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  });
}

export const idsOf = (runs: { id: string }[]) => runs.map((run) => run.id);

/** The page lists exactly the runs `ids`, in that order, and counts `total` in all. */
export function expectListed(page: PageBody<RunBody>, ids: string[], total = ids.length): void {
  expect(idsOf(page.data)).toEqual(ids);
  expect(page.meta.total).toBe(total);
}

export async function send(apiKey: string, method: string, path: string, body?: unknown): Promise<Response> {
  return t.request(method, path, { body, headers: withKey(apiKey) });
}

export async function resume(apiKey: string, runId: string, signalType = "go"): Promise<void> {
  await expectData(await send(apiKey, "POST", `/v1/workflow-runs/${runId}/resume`, { signalType }), 200);
}

export async function approve(apiKey: string, runId: string): Promise<void> {
  await t.idle();
  const pending = await expectData<{ id: string; workflowRunId: string }[]>(
    await send(apiKey, "GET", "/v1/approval-requests?pending=true"),
    200,
  );
  const request = pending.find((found) => found.workflowRunId === runId);
  if (!request) throw new Error(`no pending request of ${runId}`);
  await expectData(
    await send(apiKey, "POST", `/v1/approval-requests/${request.id}/decide`, { decision: "approved" }),
    200,
  );
}
