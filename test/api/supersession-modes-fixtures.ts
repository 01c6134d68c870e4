import { randomBytes } from "node:crypto";
import { beforeAll } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData } from "../helpers/requests";
import { allEvents, httpStep, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of `supersedeMode` (docs/triggers.md, "Debounce and supersession modes"), over HTTP on
 * DynamoDB Local (supersession-modes-*.test.ts): a real-time app of each file's own with workspace A and an
 * http target that holds or fails requests (setUpSupersessionModes), definitions of http steps, and runs
 * started with their request held.
 */
export let t: TestApp;
export let a: SignedUp;
let target: string;
/**
 * Requests the http target got, by path; a request to `/slow/...` is answered when its release resolves, one to
 * `/fail/...` with a 500.
 */
export const hits = new Map<string, number>();
export const releases = new Map<string, () => void>();

/** Before the file's tests: starts its app and the http target, and signs up A. Call once per file. */
export function setUpSupersessionModes(): void {
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
    a = await signUp(t);
    target = await startLoopbackServer(async (request, _body, response) => {
      const path = request.url ?? "";
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path.startsWith("/slow/")) await new Promise<void>((resolve) => releases.set(path, resolve));
      response.writeHead(path.startsWith("/fail/") ? 500 : 200, { "content-type": "application/json" });
      response.end(JSON.stringify({ path }));
    });
  });
}

export const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

export const http = (name: string, path: string) => httpStep(target, name, path);

export async function define(steps: unknown[]): Promise<string> {
  const body = { name: `modes-${randomBytes(3).toString("hex")}`, version: "1", steps };
  return (await expectData<{ id: string }>(await send("POST", "/v1/workflow-definitions", body), 201)).id;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits for the target to hold the request of the run with this tag at `/slow/<tag>`. */
export const requested = (tag: string) => until(() => releases.has(`/slow/${tag}`), `the request of ${tag}`);

/** Starts a run of the key without supersedeExisting, and waits for its request `/slow/<tag>` to be held. */
export async function startHeld(
  definitionId: string,
  supersessionKey: string,
  tag: string,
): Promise<RunBody> {
  const run = await startRun(t.request, a.apiKey, { definitionId, input: { tag }, supersessionKey });
  await requested(tag);
  return run;
}

export const eventsOf = async (runId: string) =>
  (await allEvents(t.request, a.apiKey, runId)).map((event) => [event.eventType, event.payload] as const);
