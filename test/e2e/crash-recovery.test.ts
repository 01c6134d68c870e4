import { describe, expect, it } from "vitest";
import { withKey } from "../helpers/accounts";
import { expectData } from "../helpers/requests";
import { getRun, startRun, waitForRun, withStatus } from "../helpers/runs";
import {
  between,
  completed,
  crashThenComplete,
  expectCompletedOnce,
  http,
  kill,
  receiver,
  setUp,
  setUpCrashRecovery,
  start,
} from "./crash-recovery-fixtures";

/**
 * One file, so its three kills of `npm start` run one after another rather than beside the other test files'
 * services (crash-recovery-fixtures.ts holds the setup and what each test expects).
 */
setUpCrashRecovery();

describe("a run survives a SIGKILL of npm start", { timeout: 90_000 }, () => {
  it("completes, without repeating the steps done before, when the process dies during a task", async () => {
    const setup = await setUp(between("task", http("slow", "/task/slow")));
    const slowArrived = receiver.holdNext("/task/slow", 3_000);
    const run = await startRun(setup.send, setup.apiKey, { definitionId: setup.definitionId });

    await slowArrived;
    const during = await getRun(setup.send, setup.apiKey, run.id);
    expect(during).toMatchObject({ status: "RUNNING", currentStepName: "slow" });
    const { send, done } = await crashThenComplete(setup, run.id, "task");

    expect(receiver.count("/task/before")).toBe(1);
    // The interrupted step is done again (at least once), with the same Idempotency-Key, so a receiver
    // can tell the repeat from a new request.
    const slowHits = receiver.hits.filter((hit) => hit.path === "/task/slow");
    expect(slowHits.length).toBeGreaterThanOrEqual(2);
    expect(new Set(slowHits.map((hit) => hit.idempotencyKey)).size).toBe(1);
    expect(receiver.count("/task/after")).toBe(1);

    const log = await expectCompletedOnce(
      send,
      setup.apiKey,
      done,
      ["before", "slow", "after"],
      [
        "STEP_COMPLETED:before",
        "STEP_COMPLETED:slow",
        "STEP_COMPLETED:after",
        "WORKFLOW_STARTED",
        "WORKFLOW_COMPLETED",
      ],
    );
    expect(log.at(-1)).toBe("WORKFLOW_COMPLETED");
  });

  it("completes after the wait has elapsed, without repeating earlier steps, when the process dies during a wait", async () => {
    const setup = await setUp(between("wait", { type: "wait", name: "pause", durationMs: 3_000 }));
    const run = await startRun(setup.send, setup.apiKey, { definitionId: setup.definitionId });

    await waitForRun(
      setup.send,
      setup.apiKey,
      run.id,
      (current) => current.status === "WAITING" && current.currentStepName === "pause",
    );
    const { send, done } = await crashThenComplete(setup, run.id, "wait");

    expect(receiver.count("/wait/before")).toBe(1);
    expect(receiver.count("/wait/after")).toBe(1);
    const pause = done.steps.find((step) => step.stepName === "pause");
    const afterHit = receiver.hits.find((hit) => hit.path === "/wait/after");
    expect(pause?.startedAt).toEqual(expect.any(String));
    expect(afterHit?.atMs).toBeGreaterThanOrEqual(Date.parse(pause?.startedAt ?? "") + 3_000);

    await expectCompletedOnce(
      send,
      setup.apiKey,
      done,
      ["before", "pause", "after"],
      ["STEP_COMPLETED:before", "STEP_STARTED:pause", "STEP_COMPLETED:pause", "WORKFLOW_COMPLETED"],
    );
  });

  it("keeps the approval pending and completes once it is decided, when the process dies during an approval pause", async () => {
    const setup = await setUp(
      between("approval", { type: "approval", name: "review", contentKey: "input", prompt: "Ship it?" }),
    );
    const run = await startRun(setup.send, setup.apiKey, {
      definitionId: setup.definitionId,
      input: { document: "draft 1" },
    });

    await waitForRun(setup.send, setup.apiKey, run.id, withStatus("PAUSED"));
    await kill(setup.service);

    const { send } = await start(setup.dataDir);
    const afterRestart = await getRun(send, setup.apiKey, run.id);
    expect(afterRestart).toMatchObject({ status: "PAUSED", currentStepName: "review" });
    const pending = await expectData<{ id: string; workflowRunId: string; content: unknown }[]>(
      await send("GET", "/v1/approval-requests?pending=true", { headers: withKey(setup.apiKey) }),
      200,
    );
    const mine = pending.filter((request) => request.workflowRunId === run.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.content).toEqual({ document: "draft 1" });

    await expectData(
      await send("POST", `/v1/approval-requests/${mine[0]?.id}/decide`, {
        body: { decision: "approved", decidedBy: "reviewer@example.com" },
        headers: withKey(setup.apiKey),
      }),
      200,
    );
    const done = await completed(send, setup.apiKey, run.id);

    expect(receiver.count("/approval/before")).toBe(1);
    expect(receiver.count("/approval/after")).toBe(1);
    await expectCompletedOnce(
      send,
      setup.apiKey,
      done,
      ["before", "review", "after"],
      ["STEP_COMPLETED:before", "APPROVAL_REQUESTED:review", "APPROVAL_DECIDED:review", "WORKFLOW_COMPLETED"],
    );
  });
});
