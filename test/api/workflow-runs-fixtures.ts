import { randomBytes } from "node:crypto";
import { beforeAll } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { createDefinition, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of /v1/workflow-runs (workflow-runs-*.test.ts): the fields of a run, workspaces A and
 * B in an app of each file's own (setUpWorkflowRuns), A's definitions, and requests that start or read runs.
 */
export const RUN_FIELDS = [
  "id",
  "workspaceId",
  "definitionId",
  "status",
  "input",
  "output",
  "idempotencyKey",
  "supersessionKey",
  "currentStepName",
  "createdAt",
  "updatedAt",
].sort();

const noop = (name: string) => ({ type: "task", name, handler: "noop" });
/** Three noop tasks: a completed run records 8 events (started, 3 × step started/completed, completed). */
export const threeNoops = [noop("one"), noop("two"), noop("three")];
/** A task, then a wait for a signal with no timeout: the run stays WAITING until resumed or ended. */
const waitsForSignal = [
  noop("prepare"),
  { type: "external_event", name: "await-go", signalType: "go" },
  noop("finish"),
];
/** Pauses for a review of the run's input. */
const approvesInput = [{ type: "approval", name: "review", contentKey: "input", prompt: "OK?" }];
/** Fails at once with no retry: the run ends FAILED. */
const failsAtOnce = [{ type: "task", name: "boom", handler: "fail", config: { error: "kaput" } }];

export let t: TestApp;
export let a: SignedUp;
export let b: SignedUp;
export let noopDefinition: string;
export let signalDefinition: string;
export let failDefinition: string;
export let approvalDefinition: string;

export const uniqueKey = (base: string) => `${base}-${randomBytes(4).toString("hex")}`;

/** Before the file's tests: starts its app, signs up A and B, stores A's definitions. Call once per file. */
export function setUpWorkflowRuns(): void {
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" }, { realTime: true });
    [a, b] = await Promise.all([signUp(t), signUp(t)]);
    const [noop, signal, fail, approval] = await Promise.all([
      createDefinition(t.request, a.apiKey, threeNoops, "three-noops"),
      createDefinition(t.request, a.apiKey, waitsForSignal, "waits-for-signal"),
      createDefinition(t.request, a.apiKey, failsAtOnce, "fails"),
      createDefinition(t.request, a.apiKey, approvesInput, "approves"),
    ]);
    noopDefinition = noop.id;
    signalDefinition = signal.id;
    failDefinition = fail.id;
    approvalDefinition = approval.id;
  });
}

export function post(apiKey: string, body: unknown) {
  return t.request("POST", "/v1/workflow-runs", { body, headers: withKey(apiKey) });
}

/** POSTs a run and asserts the success envelope with `status` (201 created, 200 an idempotent repeat). */
export async function postRun(apiKey: string, body: unknown, status: number): Promise<RunBody> {
  return expectData<RunBody>(await post(apiKey, body), status);
}

/** A request made with `who`'s key. */
export function requestAs(who: SignedUp, method: string, path: string, body?: unknown) {
  return t.request(method, path, { body, headers: withKey(who.apiKey) });
}

/** Starts a run of `definitionId` in workspace A and waits until the engine has nothing left to do. */
export async function settledRun(
  definitionId: string,
  extra: Record<string, unknown> = {},
): Promise<RunBody> {
  const run = await startRun(t.request, a.apiKey, { definitionId, ...extra });
  await t.idle();
  return run;
}
