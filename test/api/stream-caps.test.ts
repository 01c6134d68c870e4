import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, createApp } from "../../core/api/app";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectError } from "../helpers/requests";
import { createDefinition, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** Live streams are capped per workspace (over every instance) and per process: past a cap, 429. */
let t: TestApp;
const open: Response[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { MAX_STREAMS_PER_WORKSPACE: "2", MAX_STREAMS_PER_PROCESS: "3", RATE_LIMIT_PER_MINUTE: "1000000" },
    { realTime: true },
  );
});
afterAll(async () => {
  for (const response of open) await response.body?.cancel();
});

/** A run that waits for a signal, so its stream stays open until the client leaves. */
async function waitingRun(account: SignedUp): Promise<string> {
  const definition = await createDefinition(t.request, account.apiKey, [
    { type: "external_event", name: "go", signalType: "go" },
  ]);
  return (await startRun(t.request, account.apiKey, { definitionId: definition.id })).id;
}

/** Opens a stream, on the test app or on another instance of the API over the same table. */
async function stream(account: SignedUp, runId: string, app: App = t.app): Promise<Response> {
  const response = await app.request(`/v1/workflow-runs/${runId}/stream`, {
    headers: withKey(account.apiKey),
  });
  if (response.status === 200) open.push(response);
  return response;
}

async function expectRefused(response: Response, message: RegExp): Promise<void> {
  const error = await expectError(response, 429, "RATE_LIMIT_ERROR");
  expect(error.message).toMatch(message);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("caps on open live streams", () => {
  it("refuses a workspace's stream past its cap, and any stream past the process's, until one closes", async () => {
    const [a, b, c] = [await signUp(t), await signUp(t), await signUp(t)];
    const [runA, runB, runC] = [await waitingRun(a), await waitingRun(b), await waitingRun(c)];

    const first = await stream(a, runA);
    expect(first.status).toBe(200);
    expect((await stream(a, runA)).status).toBe(200);
    await expectRefused(await stream(a, runA), /live streams per workspace \(2\)/);

    // Another workspace is not held back by a's streams, up to the process's cap.
    expect((await stream(b, runB)).status).toBe(200);
    await expectRefused(await stream(c, runC), /live streams on this server \(3\)/);

    // A client that leaves gives its stream back, to its workspace and to the process.
    await first.body?.cancel();
    await vi.waitFor(async () => expect((await stream(c, runC)).status).toBe(200), { timeout: 5000 });
    await expectRefused(await stream(a, runA), /server/);
  });

  it("counts a workspace's streams over every instance of the API", async () => {
    const d = await signUp(t);
    const run = await waitingRun(d);
    const [one, two] = [1, 2].map(() => createApp(t.deps, { clientAddress: () => "203.0.113.8" }));

    expect((await stream(d, run, one)).status).toBe(200);
    expect((await stream(d, run, two)).status).toBe(200);
    await expectRefused(await stream(d, run, one), /per workspace/);
  });
});
