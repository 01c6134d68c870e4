import { beforeAll, describe, expect, it } from "vitest";
import type { ApprovalBody } from "../helpers/api-types";
import { type EngineHarness, engineHarness, eventTypes, task } from "../helpers/engine";
import { expectData, expectError } from "../helpers/requests";

let h: EngineHarness;

beforeAll(async () => {
  h = await engineHarness({ realTime: true });
});

const signalSteps = [
  task("before", "noop"),
  { type: "external_event", name: "upload", signalType: "document.uploaded" },
  task("after", "noop"),
];

async function waitingRun(): Promise<string> {
  const runId = await h.start(await h.define(signalSteps));
  await h.waitFor(runId, ["WAITING"]);
  return runId;
}

const resume = (runId: string, body: unknown) => h.call("POST", `/v1/workflow-runs/${runId}/resume`, body);

describe("external_event steps", () => {
  it("completes the run with the payload in the state when the matching signal is sent", async () => {
    const runId = await waitingRun();
    const waiting = await h.getRun(runId);
    expect(waiting).toMatchObject({ status: "WAITING", currentStepName: "upload" });
    expect(waiting.steps.map((step) => [step.stepName, step.status])).toEqual([
      ["before", "COMPLETED"],
      ["upload", "WAITING"],
    ]);

    const data = await expectData(
      await resume(runId, { signalType: "document.uploaded", payload: { file: "a.pdf" } }),
      200,
    );
    expect(data).toEqual({ resumed: true });
    await h.waitFor(runId, ["COMPLETED"]);
    const run = await h.getRun(runId);
    expect(run.output).toEqual({ input: {}, before: {}, upload: { file: "a.pdf" }, after: {} });
    const signal = (await h.events(runId)).find((event) => event.eventType === "SIGNAL_RECEIVED");
    expect(signal?.payload).toMatchObject({ stepName: "upload", signalType: "document.uploaded" });
  });

  it("answers 400 and keeps the run WAITING when the signalType is not the awaited one", async () => {
    const runId = await waitingRun();
    await expectError(await resume(runId, { signalType: "document.deleted" }), 400, "VALIDATION_ERROR");
    await expectError(await resume(runId, { payload: {} }), 400, "VALIDATION_ERROR");
    expect((await h.getRun(runId)).status).toBe("WAITING");
  });

  it("answers 409 when the run is not waiting for an external event", async () => {
    const doneId = await h.start(await h.define([task("only", "noop")]));
    await h.waitFor(doneId, ["COMPLETED"]);
    await expectError(await resume(doneId, { signalType: "document.uploaded" }), 409, "CONFLICT");

    const pausedId = await h.start(await h.define([{ type: "approval", name: "ok", contentKey: "input" }]));
    await h.waitFor(pausedId, ["PAUSED"]);
    await expectError(await resume(pausedId, { signalType: "document.uploaded" }), 409, "CONFLICT");
    expect((await h.getRun(pausedId)).status).toBe("PAUSED");
  });
});

/** A run paused at "review" of state.draft, set by the first step. */
async function pausedForApproval(draft: unknown): Promise<{ runId: string; approval: ApprovalBody }> {
  const definitionId = await h.define([
    task("write", "set_state", { values: { draft } }),
    { type: "approval", name: "review", contentKey: "draft", prompt: "Publish?" },
    task("publish", "noop"),
  ]);
  const runId = await h.start(definitionId);
  await h.waitFor(runId, ["PAUSED"]);
  const approval = (await h.approvals()).find((candidate) => candidate.workflowRunId === runId);
  if (!approval) throw new Error("no approval request for the paused run");
  return { runId, approval };
}

const decide = (approvalId: string, body: unknown) =>
  h.call("POST", `/v1/approval-requests/${approvalId}/decide`, body);

describe("approval steps", () => {
  it("pauses with a pending request holding state[contentKey] when the run reaches the step", async () => {
    const { runId, approval } = await pausedForApproval({ title: "Hello" });
    const run = await h.getRun(runId);
    expect(run).toMatchObject({ status: "PAUSED", currentStepName: "review" });
    const stepRun = run.steps.find((step) => step.stepName === "review");
    expect(approval).toMatchObject({
      workflowRunId: runId,
      stepRunId: stepRun?.id,
      stepName: "review",
      contentKey: "draft",
      content: { title: "Hello" },
      prompt: "Publish?",
      decision: null,
      decidedBy: null,
      decidedAt: null,
    });
    const requested = (await h.events(runId)).find((event) => event.eventType === "APPROVAL_REQUESTED");
    expect(requested?.payload).toEqual({ stepName: "review", approvalRequestId: approval.id });
  });

  it("wraps the content as {value} when state[contentKey] is not an object", async () => {
    const { approval } = await pausedForApproval("plain text");
    expect(approval.content).toEqual({ value: "plain text" });
  });

  it("continues with the original content when the decision is approved", async () => {
    const { runId, approval } = await pausedForApproval({ title: "Hello" });
    const decided = await expectData<ApprovalBody>(
      await decide(approval.id, { decision: "approved", decidedBy: "ops@example.com" }),
      200,
    );
    expect(decided).toMatchObject({
      id: approval.id,
      workflowRunId: runId,
      stepName: "review",
      decision: "approved",
      decidedBy: "ops@example.com",
      decidedAt: expect.any(String),
    });
    await h.waitFor(runId, ["COMPLETED"]);
    const run = await h.getRun(runId);
    expect(run.output?.draft).toEqual({ title: "Hello" });
    expect(run.steps.map((step) => step.stepName)).toEqual(["write", "review", "publish"]);
    const decidedEvent = (await h.events(runId)).find((event) => event.eventType === "APPROVAL_DECIDED");
    expect(decidedEvent?.payload).toMatchObject({ stepName: "review", decision: "approved" });
  });

  it("replaces state[contentKey] with editedContent when the decision is edited", async () => {
    const { runId, approval } = await pausedForApproval({ title: "Helo" });
    await expectData(
      await decide(approval.id, { decision: "edited", editedContent: { title: "Hello" } }),
      200,
    );
    await h.waitFor(runId, ["COMPLETED"]);
    expect((await h.getRun(runId)).output?.draft).toEqual({ title: "Hello" });
    const events = await h.events(runId);
    expect(events.find((event) => event.eventType === "APPROVAL_DECIDED")?.payload.decision).toBe("edited");
  });

  it("fails the step and the run when the decision is rejected under the default policy", async () => {
    const { runId, approval } = await pausedForApproval({ title: "Hello" });
    await expectData(await decide(approval.id, { decision: "rejected" }), 200);
    await h.waitFor(runId, ["FAILED"]);
    const run = await h.getRun(runId);
    expect(run.output).toBeNull();
    expect(run.steps.find((step) => step.stepName === "review")?.status).toBe("FAILED");
    expect(run.steps.some((step) => step.stepName === "publish")).toBe(false);
    const events = await h.events(runId);
    expect(eventTypes(events).slice(-3)).toEqual(["APPROVAL_DECIDED", "STEP_FAILED", "WORKFLOW_FAILED"]);
    expect(events.at(-3)?.payload.decision).toBe("rejected");
    expect(events.at(-1)?.payload).toMatchObject({ stepName: "review", error: expect.any(String) });
  });

  it("lists undecided requests for pending=true and decided ones for pending=false", async () => {
    const open = (await pausedForApproval({ n: 1 })).approval;
    const closed = (await pausedForApproval({ n: 2 })).approval;
    await expectData(await decide(closed.id, { decision: "approved" }), 200);

    const ids = (list: ApprovalBody[]) => list.map((approval) => approval.id);
    const pending = await h.approvals("true");
    expect(ids(pending)).toContain(open.id);
    expect(ids(pending)).not.toContain(closed.id);
    expect(pending.every((approval) => approval.decision === null)).toBe(true);
    const decided = await h.approvals("false");
    expect(ids(decided)).toContain(closed.id);
    expect(ids(decided)).not.toContain(open.id);
    expect(decided.every((approval) => approval.decision !== null)).toBe(true);
    expect(ids(await h.approvals())).toEqual(expect.arrayContaining([open.id, closed.id]));
  });

  it("answers 409 and keeps the first decision when a request is decided twice", async () => {
    const { runId, approval } = await pausedForApproval({ title: "Hello" });
    await expectData(await decide(approval.id, { decision: "approved" }), 200);
    await expectError(await decide(approval.id, { decision: "rejected" }), 409, "CONFLICT");
    await h.waitFor(runId, ["COMPLETED"]);
    const stored = (await h.approvals()).find((candidate) => candidate.id === approval.id);
    expect(stored?.decision).toBe("approved");
  });
});
