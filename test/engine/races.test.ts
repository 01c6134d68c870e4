import { beforeAll, describe, expect, it } from "vitest";
import type { EngineMessage } from "../../core/domain/run-messages";
import { runDoorbell } from "../../core/domain/run-messages";
import type { Deps } from "../../core/ports/deps";
import { createRun } from "../../core/runs/create-run";
import type { TaskHandler } from "../../core/steps/handlers/task-handler";
import { buildAdvancer } from "../../functions/advancer";
import { type EngineHarness, engineHarness, eventTypes, sleep, task } from "../helpers/engine";
import { expectData, expectError } from "../helpers/requests";

let h: EngineHarness;

beforeAll(async () => {
  h = await engineHarness();
});

const FIVE_COUNTED_STEPS = ["one", "two", "three", "four", "five"].map((name) => task(name, "count"));

/**
 * Two workers (each its own process id) over the same store, fed by a private queue the app's engine never
 * reads, so only they execute the run. `count` records every execution of each step.
 */
function twoWorkers(options: { delayMs?: number; ringDuringStep?: boolean } = {}) {
  const sent: EngineMessage[] = [];
  const deps: Deps = { ...h.t.deps, queue: { send: async (message) => void sent.push(message) } };
  const executions = new Map<string, number>();
  const extraDeliveries: Promise<void>[] = [];
  const count: TaskHandler = async ({ stepName, workspaceId, runId }) => {
    executions.set(stepName, (executions.get(stepName) ?? 0) + 1);
    if (options.ringDuringStep) {
      // A duplicate delivery to each worker while this step is still executing.
      for (const worker of workers) extraDeliveries.push(worker(runDoorbell(workspaceId, runId)));
    }
    if (options.delayMs) await sleep(options.delayMs);
    return { output: { ran: stepName } };
  };
  const workers = [
    buildAdvancer(deps, { customHandlers: { count } }),
    buildAdvancer(deps, { customHandlers: { count } }),
  ];

  return {
    executions,
    async startRun(): Promise<string> {
      const definitionId = await h.define(FIVE_COUNTED_STEPS);
      const input = { definitionId, input: {}, supersedeExisting: false };
      const { run } = await createRun(deps, h.workspaceId, input);
      return run.id;
    },
    /** Both workers take the same doorbell at once, twice each, then every message they sent is delivered. */
    async race(runId: string): Promise<void> {
      const doorbell = runDoorbell(h.workspaceId, runId);
      await Promise.all([...workers, ...workers].map((worker) => worker(doorbell)));
      while (extraDeliveries.length > 0 || sent.length > 0) {
        await Promise.all(extraDeliveries.splice(0));
        for (const message of sent.splice(0)) await Promise.all(workers.map((worker) => worker(message)));
      }
    },
  };
}

async function expectEachStepOnce(runId: string, executions: Map<string, number>) {
  expect(Object.fromEntries(executions)).toEqual({ one: 1, two: 1, three: 1, four: 1, five: 1 });
  const run = await h.getRun(runId);
  expect(run.status).toBe("COMPLETED");
  expect(run.steps.map((step) => [step.stepName, step.status, step.attempt])).toEqual(
    ["one", "two", "three", "four", "five"].map((name) => [name, "COMPLETED", 1]),
  );
  const types = eventTypes(await h.events(runId));
  expect(types.filter((type) => type === "WORKFLOW_STARTED")).toHaveLength(1);
  expect(types.filter((type) => type === "STEP_STARTED")).toHaveLength(5);
  expect(types.filter((type) => type === "WORKFLOW_COMPLETED")).toHaveLength(1);
}

describe("two workers on one doorbell", () => {
  it("executes each step exactly once when both start the same run at the same moment", async () => {
    const workers = twoWorkers();
    const runId = await workers.startRun();
    await workers.race(runId);
    await expectEachStepOnce(runId, workers.executions);
  });

  it("executes each step exactly once when steps take 50 ms and the doorbell rings again during each", async () => {
    const workers = twoWorkers({ delayMs: 50, ringDuringStep: true });
    const runId = await workers.startRun();
    await workers.race(runId);
    await expectEachStepOnce(runId, workers.executions);
  });

  it("changes nothing when a doorbell is delivered again after the run completed", async () => {
    const workers = twoWorkers();
    const runId = await workers.startRun();
    await workers.race(runId);
    const before = await h.t.deps.store.runs.get(h.workspaceId, runId);
    const eventsBefore = await h.events(runId);

    await workers.race(runId);
    await h.t.deps.queue.send(runDoorbell(h.workspaceId, runId));
    await h.t.idle();

    expect(await h.events(runId)).toEqual(eventsBefore);
    expect((await h.t.deps.store.runs.get(h.workspaceId, runId))?.version).toBe(before?.version);
    expect(Object.fromEntries(workers.executions)).toEqual({ one: 1, two: 1, three: 1, four: 1, five: 1 });
  });
});

describe("concurrent API calls on one run", () => {
  it("applies a step's outcome without running it again when a signal is committed while it runs", async () => {
    const sent: EngineMessage[] = [];
    const deps: Deps = { ...h.t.deps, queue: { send: async (message) => void sent.push(message) } };
    let executions = 0;
    let signalled: Promise<Response> | undefined;
    const count: TaskHandler = async ({ runId }) => {
      executions += 1;
      // Kept by the run for its later step: a commit of the run's own while this attempt is in flight.
      signalled ??= h.call("POST", `/v1/workflow-runs/${runId}/signals`, {
        signalType: "uploaded",
        payload: {},
      });
      await signalled;
      return { output: { ran: true } };
    };
    const worker = buildAdvancer(deps, { customHandlers: { count } });
    const definitionId = await h.define([
      task("one", "count"),
      { type: "external_event", name: "upload", signalType: "uploaded" },
    ]);
    const { run } = await createRun(deps, h.workspaceId, {
      definitionId,
      input: {},
      supersedeExisting: false,
    });

    await worker(runDoorbell(h.workspaceId, run.id));
    while (sent.length > 0) for (const message of sent.splice(0)) await worker(message);

    expect((await (signalled as Promise<Response>)).status).toBe(202);
    expect(executions).toBe(1);
    const finished = await h.getRun(run.id);
    expect(finished.status).toBe("COMPLETED");
    expect(finished.steps.map((step) => [step.stepName, step.attempt])).toEqual([
      ["one", 1],
      ["upload", 1],
    ]);
  });

  it("answers one 200 and one 409 when two decisions on one approval arrive together", async () => {
    const runId = await h.start(await h.define([{ type: "approval", name: "review", contentKey: "input" }]));
    await h.waitFor(runId, ["PAUSED"]);
    const approval = (await h.approvals("true")).find((candidate) => candidate.workflowRunId === runId);
    const decide = (decision: string) =>
      h.call("POST", `/v1/approval-requests/${approval?.id}/decide`, { decision });

    const responses = await Promise.all([decide("approved"), decide("rejected")]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = responses.find((response) => response.status === 200) as Response;
    const loser = responses.find((response) => response.status === 409) as Response;
    const { decision } = await expectData<{ decision: string }>(winner, 200);
    await expectError(loser, 409, "CONFLICT");

    await h.t.idle();
    const stored = (await h.approvals()).find((candidate) => candidate.id === approval?.id);
    expect(stored?.decision).toBe(decision);
    expect((await h.getRun(runId)).status).toBe(decision === "approved" ? "COMPLETED" : "FAILED");
    const decided = (await h.events(runId)).filter((event) => event.eventType === "APPROVAL_DECIDED");
    expect(decided.map((event) => event.payload.decision)).toEqual([decision]);
  });

  it("answers one 200 and one 409 when two signals for one waiting run arrive together", async () => {
    const definitionId = await h.define([{ type: "external_event", name: "upload", signalType: "uploaded" }]);
    const runId = await h.start(definitionId);
    await h.waitFor(runId, ["WAITING"]);
    const resume = (from: string) =>
      h.call("POST", `/v1/workflow-runs/${runId}/resume`, { signalType: "uploaded", payload: { from } });

    const responses = await Promise.all([resume("first"), resume("second")]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = responses.findIndex((response) => response.status === 200);
    await expectError(responses[1 - winner] as Response, 409, "CONFLICT");

    await h.t.idle();
    const run = await h.getRun(runId);
    expect(run.status).toBe("COMPLETED");
    expect(run.output?.upload).toEqual({ from: winner === 0 ? "first" : "second" });
    const types = eventTypes(await h.events(runId));
    expect(types.filter((type) => type === "SIGNAL_RECEIVED")).toHaveLength(1);
  });
});

describe("cancel", () => {
  it("cancels the run and its waiting step when the run is WAITING on a long wait", async () => {
    const runId = await h.start(await h.define([{ type: "wait", name: "nap", durationMs: 3_600_000 }]));
    await h.waitFor(runId, ["WAITING"]);

    const data = await expectData<{ id: string; status: string; updatedAt: string }>(
      await h.call("POST", `/v1/workflow-runs/${runId}/cancel`),
      200,
    );
    expect(data).toEqual({ id: runId, status: "CANCELLED", updatedAt: expect.any(String) });
    const run = await h.getRun(runId);
    expect(run.status).toBe("CANCELLED");
    expect(run.steps.map((step) => [step.stepName, step.status])).toEqual([["nap", "CANCELLED"]]);
    const events = await h.events(runId);
    expect(events.at(-1)).toMatchObject({ eventType: "WORKFLOW_CANCELLED", payload: {} });
  });

  it("keeps a cancelled run cancelled when its timer's doorbell rings after the wait is over", async () => {
    // Past SQS's 15-minute delay, so the timer is a schedule, which cancelling removes, and rung by hand here.
    const runId = await h.start(await h.define([{ type: "wait", name: "nap", durationMs: 3_600_000 }]));
    await h.waitFor(runId, ["WAITING"]);
    await expectData(await h.call("POST", `/v1/workflow-runs/${runId}/cancel`), 200);
    const eventsBefore = await h.events(runId);

    h.t.clock.advance(3_601_000);
    await buildAdvancer(h.t.deps)(runDoorbell(h.workspaceId, runId));
    await h.t.sweep();
    await h.t.idle();
    expect((await h.getRun(runId)).status).toBe("CANCELLED");
    expect(await h.events(runId)).toEqual(eventsBefore);
  });

  it("answers 409 and leaves the run COMPLETED when a completed run is cancelled", async () => {
    const runId = await h.start(await h.define([task("only", "noop")]));
    await h.waitFor(runId, ["COMPLETED"]);
    await expectError(await h.call("POST", `/v1/workflow-runs/${runId}/cancel`), 409, "CONFLICT");
    expect((await h.getRun(runId)).status).toBe("COMPLETED");
    expect(eventTypes(await h.events(runId))).not.toContain("WORKFLOW_CANCELLED");
  });
});
