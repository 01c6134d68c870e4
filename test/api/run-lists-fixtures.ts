import { beforeAll, expect } from "vitest";
import { type SignedUp, signUp } from "../helpers/accounts";
import type { PageBody, RunBody } from "../helpers/api-types";
import { createDefinition, listRuns, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of GET /v1/workflow-runs (run-lists-*.test.ts): a one-task definition, a real-time app
 * of each file's own (setUpRunLists), fresh workspaces with their definitions and runs, and reading the list
 * page by page.
 */
export const oneNoop = [{ type: "task", name: "only", handler: "noop" }];

export let t: TestApp;

/** Before the file's tests: starts its app on the system clock. Call once per file. */
export function setUpRunLists(): void {
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" }, { realTime: true });
  });
}

/** A new account, so its run list holds only what the test puts there. */
export async function freshWorkspace(): Promise<SignedUp> {
  return signUp(t);
}

/** Stores a definition with these steps in the workspace and returns its id. */
export async function define(ws: SignedUp, steps: unknown[], name: string): Promise<string> {
  return (await createDefinition(t.request, ws.apiKey, steps, name)).id;
}

/** Starts runs one after another (so their order is known), then waits until the engine is done. */
export async function startRuns(
  apiKey: string,
  count: number,
  body: Record<string, unknown>,
): Promise<RunBody[]> {
  const runs: RunBody[] = [];
  for (let i = 0; i < count; i++) runs.push(await startRun(t.request, apiKey, { ...body, input: { i } }));
  await t.idle();
  return runs;
}

export const idsOf = (runs: { id: string }[]) => runs.map((run) => run.id);
export const newestFirst = (runs: RunBody[]) => idsOf(runs).reverse();

/** Pages 1 to `count` of the list, `pageSize` runs each, one after another. */
export async function listPages(
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
export function expectListed(page: PageBody<RunBody>, ids: string[], total = ids.length): void {
  expect(idsOf(page.data)).toEqual(ids);
  expect(page.meta.total).toBe(total);
}
