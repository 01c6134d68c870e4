import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withKey } from "../helpers/accounts";
import { type LocalService, startLocalService } from "../helpers/local-service";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData } from "../helpers/requests";
import { listRuns, remoteSender, type Send, startRun, waitForRun, withStatus } from "../helpers/runs";

/**
 * A concurrency limit across a SIGKILL of `npm start` (docs/triggers.md, "How it holds under crashes"): the
 * places are the runs' own commits, so the killed process's two running runs keep theirs, no queued run slips
 * in while they are taken over, and once all have ended both places are free again.
 */
const LIMIT = 2;
let target: string;
let inFlight = 0;
let maxInFlight = 0;
/** Requests held open; each answers when `release` is called, or closes with the process that sent it. */
const held: { answer: () => void }[] = [];
let dataDir = "";
let service: LocalService | undefined;

beforeAll(async () => {
  target = await startLoopbackServer((request, _body, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let open = true;
    const done = () => {
      if (!open) return;
      open = false;
      inFlight -= 1;
    };
    // A request from a killed process ends with its socket: its place in flight with it.
    request.socket.once("close", done);
    held.push({
      answer: () => {
        done();
        if (!response.destroyed) response.writeHead(200, { "content-type": "application/json" }).end("{}");
      },
    });
  });
  dataDir = mkdtempSync(join(tmpdir(), "weft-slots-"));
});

afterAll(async () => {
  await service?.stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<Send> {
  service = await startLocalService({ DATA_DIR: dataDir, ALLOW_PRIVATE_URLS: "true" });
  return remoteSender(service.url);
}

async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Answers every held request, now and as they come, until `stop` is called. */
function answerAll(): () => void {
  const timer = setInterval(() => {
    for (const request of held.splice(0)) request.answer();
  }, 100);
  return () => clearInterval(timer);
}

describe("a concurrency limit across a SIGKILL", { timeout: 180_000 }, () => {
  it("neither leaks nor doubles a place: 2 at once before, during and after the restart, and both free at the end", async () => {
    let send = await start();
    const signup = await expectData<{ apiKey: { key: string } }>(
      await send("POST", "/v1/dashboard-auth/signup", {
        body: {
          email: `slots-${Date.now()}@example.com`,
          password: "a long password",
          workspaceName: "Slots",
        },
      }),
      201,
    );
    const apiKey = signup.apiKey.key;
    const { id: definitionId } = await expectData<{ id: string }>(
      await send("POST", "/v1/workflow-definitions", {
        headers: withKey(apiKey),
        body: {
          name: "limited",
          version: "1",
          concurrency: { limit: LIMIT },
          steps: [
            {
              type: "task",
              name: "work",
              handler: "http",
              config: { url: `${target}/work/{{input.n}}`, method: "POST" },
            },
          ],
        },
      }),
      201,
    );
    const runs = [];
    for (let n = 0; n < 6; n++) runs.push(await startRun(send, apiKey, { definitionId, input: { n } }));
    await until(() => held.length === LIMIT, "the first two requests");
    // A run is listed as waiting once a worker has tried to start it, a moment after its creation.
    await until(
      async () => (await listRuns(send, apiKey, { waitingFor: "concurrency" })).meta.total === 4,
      "the other four runs waiting for a place",
    );
    expect(held.length).toBe(LIMIT);

    await service?.stop("SIGKILL");
    held.splice(0);
    await until(() => inFlight === 0, "the killed process's requests to close");
    send = await start();

    const stop = answerAll();
    try {
      for (const run of runs) await waitForRun(send, apiKey, run.id, withStatus("COMPLETED"), 60_000);
    } finally {
      stop();
    }
    expect(maxInFlight).toBe(LIMIT);
    expect((await listRuns(send, apiKey, { waitingFor: "concurrency" })).meta.total).toBe(0);

    // Both places are free again: two new runs are in flight at once.
    const more = [
      await startRun(send, apiKey, { definitionId, input: { n: 6 } }),
      await startRun(send, apiKey, { definitionId, input: { n: 7 } }),
    ];
    await until(() => held.length === LIMIT, "two new runs in flight at once");
    for (const request of held.splice(0)) request.answer();
    for (const run of more) await waitForRun(send, apiKey, run.id, withStatus("COMPLETED"));
    expect(maxInFlight).toBe(LIMIT);
  });
});
