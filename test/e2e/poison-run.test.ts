import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type LocalService, startLocalService } from "../helpers/local-service";
import { expectData } from "../helpers/requests";
import {
  allEvents,
  createDefinition,
  getRun,
  remoteSender,
  type Send,
  startRun,
  waitForRun,
} from "../helpers/runs";

/**
 * The template amplification of the hardening issue, against the real `npm start`: a 2.9 KB definition
 * whose set_state step repeats `{{a}}` 500 (and 8) times, run with a 60 KB input. It used to render 30 MB,
 * end the process, and end it again at every restart. Now the runs fail within seconds with
 * TEMPLATE_TOO_LARGE, the service stays ready throughout, and a restart on the same DATA_DIR is healthy.
 */
const dataDir = mkdtempSync(join(tmpdir(), "weft-poison-"));
const services = new Set<LocalService>();

afterAll(async () => {
  for (const service of services) await service.stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ service: LocalService; send: Send }> {
  const service = await startLocalService({ DATA_DIR: dataDir });
  services.add(service);
  return { service, send: remoteSender(service.url) };
}

/** Polls /ready until stopped; resolves with every status it saw. */
function watchReady(url: string) {
  const statuses: number[] = [];
  let watching = true;
  const done = (async () => {
    while (watching) {
      statuses.push(
        await fetch(`${url}/ready`).then(
          (response) => response.status,
          () => 0,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      watching = false;
      await done;
      return statuses;
    },
  };
}

describe("a poison run against the local service", () => {
  it("fails with TEMPLATE_TOO_LARGE, keeps the service ready, and leaves a restart healthy", async () => {
    const first = await start();
    const { apiKey } = await expectData<{ apiKey: { key: string } }>(
      await first.send("POST", "/v1/dashboard-auth/signup", {
        body: { email: `poison-${Date.now()}@example.com`, password: "a long password", workspaceName: "P" },
      }),
      201,
    ).then((data) => ({ apiKey: data.apiKey.key }));
    const ready = watchReady(first.service.url);

    const runIds: string[] = [];
    for (const count of [500, 8]) {
      const { id } = await createDefinition(first.send, apiKey, [
        {
          type: "task",
          name: "amplify",
          handler: "set_state",
          config: { values: { x: "{{a}}".repeat(count) } },
        },
      ]);
      runIds.push(
        (await startRun(first.send, apiKey, { definitionId: id, input: { a: "a".repeat(60_000) } })).id,
      );
    }
    for (const runId of runIds) {
      const run = await waitForRun(
        first.send,
        apiKey,
        runId,
        (candidate) => candidate.status === "FAILED",
        10_000,
      );
      expect(run.steps.map((step) => [step.stepName, step.status, step.attempt])).toEqual([
        ["amplify", "FAILED", 1],
      ]);
      const failed = (await allEvents(first.send, apiKey, runId)).find(
        (event) => event.eventType === "WORKFLOW_FAILED",
      );
      expect(failed?.payload).toMatchObject({ code: "TEMPLATE_TOO_LARGE", stepName: "amplify" });
    }
    const statuses = await ready.stop();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    await first.service.stop("SIGTERM");
    services.delete(first.service);

    const second = await start();
    expect((await fetch(`${second.service.url}/ready`)).status).toBe(200);
    for (const runId of runIds) expect((await getRun(second.send, apiKey, runId)).status).toBe("FAILED");
    const { id: healthy } = await createDefinition(second.send, apiKey, [
      { type: "task", name: "ok", handler: "noop" },
    ]);
    const runId = (await startRun(second.send, apiKey, { definitionId: healthy })).id;
    await waitForRun(second.send, apiKey, runId, (run) => run.status === "COMPLETED");
  }, 180_000);
});
