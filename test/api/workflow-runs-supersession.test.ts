import { describe, expect, it } from "vitest";
import type { RunBody } from "../helpers/api-types";
import { expectData, expectError } from "../helpers/requests";
import { allEvents, getRun, listRuns, startRun } from "../helpers/runs";
import {
  a,
  approvalDefinition,
  noopDefinition,
  requestAs,
  settledRun,
  setUpWorkflowRuns,
  signalDefinition,
  t,
  uniqueKey,
} from "./workflow-runs-fixtures";

/**
 * Supersession on POST /v1/workflow-runs (supersessionKey with supersedeExisting): which runs it marks
 * SUPERSEDED and which it leaves alone, and the requests a SUPERSEDED run refuses afterwards.
 */
setUpWorkflowRuns();

/** The run's status as workspace A reads it now. */
const statusOf = async (run: RunBody) => (await getRun(t.request, a.apiKey, run.id)).status;

describe("supersession", () => {
  async function waitingRun(supersessionKey: string): Promise<RunBody> {
    const run = await settledRun(signalDefinition, { supersessionKey });
    expect(await statusOf(run)).toBe("WAITING");
    return run;
  }

  /** Starts a run that supersedes `key`'s live runs and waits until the engine is done. */
  const supersede = (key: string, definitionId = signalDefinition) =>
    settledRun(definitionId, { supersessionKey: key, supersedeExisting: true });

  const eventTypesOf = async (run: RunBody) =>
    (await allEvents(t.request, a.apiKey, run.id)).map((event) => event.eventType);

  /** The request answers 409 CONFLICT, and the run is still SUPERSEDED once the engine is done. */
  async function expectConflictKeepsSuperseded(request: Promise<Response>, run: RunBody): Promise<void> {
    await expectError(await request, 409, "CONFLICT");
    await t.idle();
    expect(await statusOf(run)).toBe("SUPERSEDED");
  }

  async function pendingApprovals() {
    return expectData<{ id: string; workflowRunId: string }[]>(
      await requestAs(a, "GET", "/v1/approval-requests?pending=true"),
      200,
    );
  }

  it("marks the live run SUPERSEDED with WORKFLOW_SUPERSEDED {supersededBy} when a new run supersedes its key", async () => {
    const key = uniqueKey("k");
    const runA = await waitingRun(key);

    const runB = await supersede(key);

    expect(await statusOf(runA)).toBe("SUPERSEDED");
    const superseded = (await allEvents(t.request, a.apiKey, runA.id)).filter(
      (event) => event.eventType === "WORKFLOW_SUPERSEDED",
    );
    expect(superseded).toHaveLength(1);
    expect(superseded[0]?.payload).toEqual({ supersededBy: runB.id });
    expect(superseded[0]?.stepRunId).toBeNull();
  });

  it("runs the superseding run when it replaces an older one", async () => {
    const key = uniqueKey("k");
    await waitingRun(key);

    const runB = await supersede(key);

    const after = await getRun(t.request, a.apiKey, runB.id);
    expect(after.status).toBe("WAITING");
    expect(after.currentStepName).toBe("await-go");
    expect((await eventTypesOf(runB))[0]).toBe("WORKFLOW_STARTED");
  });

  it("cancels the superseded run's waiting step when the run is superseded", async () => {
    const key = uniqueKey("k");
    const runA = await waitingRun(key);

    await supersede(key);

    const steps = (await getRun(t.request, a.apiKey, runA.id)).steps;
    expect(steps.map((step) => [step.stepName, step.status])).toEqual([
      ["prepare", "COMPLETED"],
      ["await-go", "CANCELLED"],
    ]);
  });

  it("leaves the older run live when the new run shares the key without supersedeExisting", async () => {
    const key = uniqueKey("k");
    const runA = await waitingRun(key);

    const runB = await settledRun(signalDefinition, { supersessionKey: key });

    expect(await statusOf(runA)).toBe("WAITING");
    expect(await statusOf(runB)).toBe("WAITING");
    expect(await eventTypesOf(runA)).not.toContain("WORKFLOW_SUPERSEDED");
  });

  it("leaves live runs of another supersessionKey alone when a run supersedes its own key", async () => {
    const other = await waitingRun(uniqueKey("other"));

    await supersede(uniqueKey("k"));

    expect(await statusOf(other)).toBe("WAITING");
  });

  it("leaves a COMPLETED run with the same key COMPLETED when a new run supersedes the key", async () => {
    const key = uniqueKey("k");
    const done = await settledRun(noopDefinition, { supersessionKey: key });
    expect(await statusOf(done)).toBe("COMPLETED");

    await supersede(key, noopDefinition);

    expect(await statusOf(done)).toBe("COMPLETED");
    expect(await eventTypesOf(done)).not.toContain("WORKFLOW_SUPERSEDED");
  });

  it.each([
    ["and keeps the run SUPERSEDED when a SUPERSEDED run is cancelled", "cancel", undefined],
    ["when a signal is sent to a SUPERSEDED run", "resume", { signalType: "go" }],
  ])("answers 409 CONFLICT %s", async (_when, action, body) => {
    const key = uniqueKey("k");
    const runA = await waitingRun(key);
    await supersede(key);

    await expectConflictKeepsSuperseded(
      requestAs(a, "POST", `/v1/workflow-runs/${runA.id}/${action}`, body),
      runA,
    );
  });

  it("answers 409 CONFLICT to a decision and drops the request from the pending list when a PAUSED run is superseded", async () => {
    const key = uniqueKey("k");
    const paused = await settledRun(approvalDefinition, { supersessionKey: key, input: { text: "v1" } });
    expect(await statusOf(paused)).toBe("PAUSED");
    const approval = (await pendingApprovals()).find((request) => request.workflowRunId === paused.id);
    expect(approval).toBeDefined();

    await supersede(key, noopDefinition);

    expect(await statusOf(paused)).toBe("SUPERSEDED");
    expect((await pendingApprovals()).map((request) => request.id)).not.toContain(approval?.id);
    await expectConflictKeepsSuperseded(
      requestAs(a, "POST", `/v1/approval-requests/${approval?.id}/decide`, { decision: "approved" }),
      paused,
    );
  });

  it("leaves only the newest run live when several runs supersede one key at once", async () => {
    const key = uniqueKey("k");
    const runs = await Promise.all(
      Array.from({ length: 5 }, () =>
        startRun(t.request, a.apiKey, {
          definitionId: signalDefinition,
          supersessionKey: key,
          supersedeExisting: true,
        }),
      ),
    );
    await t.idle();

    const listed = await listRuns(t.request, a.apiKey, { supersessionKey: key });
    expect(new Set(listed.data.map((run) => run.id))).toEqual(new Set(runs.map((run) => run.id)));
    const [newest, ...older] = listed.data;
    expect(newest?.status).toBe("WAITING");
    expect(older.map((run) => run.status)).toEqual(["SUPERSEDED", "SUPERSEDED", "SUPERSEDED", "SUPERSEDED"]);
  });
});
