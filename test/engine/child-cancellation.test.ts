import { beforeAll, describe, expect, it } from "vitest";
import { DOORBELL_GRACE_MS, SWEEP_BUCKET_MS } from "../../core/domain/run-due";
import type { RunDoorbell } from "../../core/domain/run-messages";
import type { Deps } from "../../core/ports/deps";
import type { RunStore } from "../../core/ports/store";
import { cancelRun } from "../../core/runs/cancel-run";
import { type EngineHarness, engineHarness, sleep } from "../helpers/engine";

let h: EngineHarness;

beforeAll(async () => {
  h = await engineHarness();
});

const waitsForSignal = (name: string) => ({
  type: "external_event",
  name,
  signalType: `${name}.done`,
});

/** A parent whose parallel step waits on two branches, each waiting for a signal that never comes. */
async function parentWithWaitingBranches(): Promise<{ parentId: string; childIds: string[] }> {
  const definitionId = await h.define([
    {
      type: "parallel",
      name: "together",
      join: "all",
      branches: [
        { name: "left", steps: [waitsForSignal("left")] },
        { name: "right", steps: [waitsForSignal("right")] },
      ],
    },
  ]);
  const parentId = await h.start(definitionId);
  // The children are created just after the parent's commit: wait until both wait for their signal.
  for (let tries = 0; ; tries++) {
    const listed = await h.call("GET", `/v1/workflow-runs?parentRunId=${parentId}`);
    const { data } = (await listed.json()) as { data: { id: string; status: string }[] };
    const childIds = data.filter((child) => child.status === "WAITING").map((child) => child.id);
    if (childIds.length === 2) return { parentId, childIds };
    if (tries > 500) throw new Error(`${childIds.length} of 2 children waiting`);
    await sleep(20);
  }
}

/**
 * The ports of a process that dies right after the write of the parent's cancellation lands; what it queued
 * before is kept in `queued` (the queue, SQS on AWS, outlives the process) rather than delivered.
 */
function dyingAfterCommitOf(
  parentId: string,
): Deps & { queued: { message: RunDoorbell; delayMs: number }[] } {
  const runs = h.t.deps.store.runs;
  const dying: RunStore = Object.create(runs);
  dying.commit = async (change) => {
    const outcome = await runs.commit(change);
    if (change.commit.run.id === parentId) throw new Error("the process died");
    return outcome;
  };
  const queued: { message: RunDoorbell; delayMs: number }[] = [];
  const queue: Deps["queue"] = {
    send: async (message, options) => {
      if (message.type === "run.advance") queued.push({ message, delayMs: options?.delayMs ?? 0 });
    },
  };
  return { ...h.t.deps, queue, store: { ...h.t.deps.store, runs: dying }, queued };
}

/** Resolves once the parent no longer lists children to cancel (its last commit, after theirs). */
async function childrenCancelledBy(parentId: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    const parent = await h.t.deps.store.runs.get(h.workspaceId, parentId);
    if (parent?.childrenToCancel === undefined) return;
    if (tries > 500) throw new Error(`the parent still lists ${parent.childrenToCancel}`);
    await sleep(20);
  }
}

describe("cancelling a parent run", () => {
  it("cancels its children even when the process dies between the parent's commit and theirs", async () => {
    const { parentId, childIds } = await parentWithWaitingBranches();

    await expect(cancelRun(dyingAfterCommitOf(parentId), h.workspaceId, parentId)).rejects.toThrow(
      "the process died",
    );
    expect((await h.getRun(parentId)).status).toBe("CANCELLED");
    for (const childId of childIds) expect((await h.getRun(childId)).status).toBe("WAITING");

    // Nobody rings the parent again: the sweeper finds it, since its commit kept it due.
    h.t.clock.advance(DOORBELL_GRACE_MS + SWEEP_BUCKET_MS);
    expect(await h.t.sweep()).toBeGreaterThanOrEqual(1);
    for (const childId of childIds) await h.waitFor(childId, ["CANCELLED"]);

    // Done, the parent leaves the sweep index, and the children, cancelled by it, have nothing to tell it.
    await childrenCancelledBy(parentId);
    h.t.clock.advance(DOORBELL_GRACE_MS + SWEEP_BUCKET_MS);
    expect(await h.t.sweep()).toBe(0);
  });

  it("has queued, before the parent's commit, the parent's doorbell due within a minute, which cancels them without a sweep", async () => {
    const { parentId, childIds } = await parentWithWaitingBranches();
    const dying = dyingAfterCommitOf(parentId);

    await expect(cancelRun(dying, h.workspaceId, parentId)).rejects.toThrow("the process died");
    const followUps = dying.queued.filter(({ message }) => message.runId === parentId);
    expect(followUps).toHaveLength(1);
    expect(followUps[0]?.delayMs).toBeGreaterThan(0);
    expect(followUps[0]?.delayMs).toBeLessThanOrEqual(60_000);
    for (const childId of childIds) expect((await h.getRun(childId)).status).toBe("WAITING");

    // The delayed doorbell arrives (handed to the engine here without its delay): no sweep, no clock moved.
    for (const { message } of followUps) await h.t.deps.queue.send(message);
    for (const childId of childIds) await h.waitFor(childId, ["CANCELLED"]);
    await childrenCancelledBy(parentId);
  });

  it("cancels its children at once when nothing dies", async () => {
    const { parentId, childIds } = await parentWithWaitingBranches();
    expect((await h.call("POST", `/v1/workflow-runs/${parentId}/cancel`)).status).toBe(200);
    // The request itself cancelled them: no sweep, no clock moved.
    for (const childId of childIds) expect((await h.getRun(childId)).status).toBe("CANCELLED");
    await childrenCancelledBy(parentId);
  });
});
