import { beforeAll } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData } from "../helpers/requests";
import { createDefinition, listRuns } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of /v1/triggers (triggers-*.test.ts): a trigger's fields, an app of each file's own
 * with workspace A and its definition of one noop task (setUpTriggers), and requests that create triggers
 * and list the runs they started.
 */
export interface TriggerBody {
  id: string;
  type: string;
  status: string;
  nextFireAt?: string | null;
  lastFireAt: string | null;
  lastRunId: string | null;
  [key: string]: unknown;
}

export const MAX_TRIGGERS = 4;
export const MINUTE = 60_000;

export let t: TestApp;
export let a: SignedUp;
export let quick: string;

/** Before the file's tests: starts its app, signs up A and stores A's definition `quick`. Call once per file. */
export function setUpTriggers(): void {
  beforeAll(async () => {
    // The app's clock is a ManualClock at 2026-11-20T12:00:00Z: fires are sent by hand, as the schedule would.
    t = await createTestApp({
      RATE_LIMIT_PER_MINUTE: "1000000",
      MAX_TRIGGERS_PER_WORKSPACE: String(MAX_TRIGGERS),
    });
    a = await signUp(t);
    quick = (await createDefinition(t.request, a.apiKey, [{ type: "task", name: "a", handler: "noop" }])).id;
  });
}

export const call = (method: string, path: string, body?: unknown, apiKey = a.apiKey) =>
  t.request(method, path, { body, headers: withKey(apiKey) });

export const createTrigger = async (body: Record<string, unknown>, apiKey = a.apiKey) =>
  expectData<TriggerBody>(await call("POST", "/v1/triggers", body, apiKey), 201);

export const runsOf = async (triggerId: string) =>
  (await listRuns(t.request, a.apiKey, { triggerId, pageSize: 100 })).data;
