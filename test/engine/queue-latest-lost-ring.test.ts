import { beforeAll, describe, expect, it } from "vitest";
import { SWEEP_BUCKET_MS } from "../../core/domain/run-due";
import type { EngineMessage } from "../../core/domain/run-messages";
import { runDoorbell } from "../../core/domain/run-messages";
import { SLOT_RECHECK_MS } from "../../core/domain/run-slots";
import { RunStatus } from "../../core/domain/statuses";
import { sweepOverdueRuns } from "../../core/engine/sweeper";
import type { Deps } from "../../core/ports/deps";
import { createRun } from "../../core/runs/create-run";
import type { TaskHandler } from "../../core/steps/handlers/task-handler";
import { buildAdvancer } from "../../functions/advancer";
import { type EngineHarness, engineHarness, eventTypes, task } from "../helpers/engine";

let h: EngineHarness;

beforeAll(async () => {
  h = await engineHarness();
});

/**
 * `queue_latest` (docs/triggers.md) when the ring that should start the waiting run is lost: the running run's
 * end is committed, its doorbell for the queued run never arrives (as after a crash right after the commit), and
 * the queued run still starts, from its own recheck in the sweep index. A private queue the app's engine never
 * reads carries every message, so the test decides which are delivered.
 */
describe("queue_latest with a lost ring", () => {
  it("starts the waiting run from its recheck once the running run has ended", async () => {
    const sent: EngineMessage[] = [];
    const deps: Deps = { ...h.t.deps, queue: { send: async (message) => void sent.push(message) } };
    const releases = new Map<string, () => void>();
    const hold: TaskHandler = ({ runId }) =>
      new Promise((resolve) => releases.set(runId, () => resolve({ output: { held: runId } })));
    const worker = buildAdvancer(deps, { customHandlers: { hold } });
    const deliverAll = async () => {
      while (sent.length > 0) for (const message of sent.splice(0)) await worker(message);
    };

    const definitionId = await h.define([task("work", "hold")]);
    const create = async () =>
      (
        await createRun(deps, h.workspaceId, {
          definitionId,
          input: {},
          supersessionKey: "lost-ring",
          supersedeExisting: true,
          supersedeMode: "queue_latest",
        })
      ).run.id;

    const running = await create();
    sent.length = 0;
    const runningDone = worker(runDoorbell(h.workspaceId, running));
    await waitUntil(() => releases.has(running));

    const queued = await create();
    await deliverAll();
    const waiting = await h.t.deps.store.runs.get(h.workspaceId, queued);
    expect(waiting).toMatchObject({ status: RunStatus.Pending, waiting: { for: "supersession" } });

    releases.get(running)?.();
    await runningDone;
    expect((await h.getRun(running)).status).toBe("COMPLETED");
    // The end's ring of the queued run is lost.
    expect(sent.map((message) => message.type === "run.advance" && message.runId)).toContain(queued);
    sent.length = 0;
    expect((await h.getRun(queued)).status).toBe("PENDING");

    h.t.clock.advance(SLOT_RECHECK_MS + SWEEP_BUCKET_MS);
    expect(await sweepOverdueRuns(deps, { graceMs: 0 })).toBeGreaterThanOrEqual(1);
    const delivered = deliverAll();
    await waitUntil(() => releases.has(queued));
    releases.get(queued)?.();
    await delivered;
    const ended = await h.waitFor(queued, [RunStatus.Completed]);
    expect(ended.waiting).toBeUndefined();
    expect(eventTypes(await h.events(queued))).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "STEP_COMPLETED",
      "WORKFLOW_COMPLETED",
    ]);
  });
});

async function waitUntil(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
