import { describe, expect, it } from "vitest";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { allEvents, createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import { type Approval, a, send, setUpApprovalPolicies, t } from "./approval-policies-fixtures";

/**
 * An approval step's onTimeout: approving, rejecting (and sending the draft back) or failing at the
 * deadline, announced by APPROVAL_EXPIRED; the spec's plain timeout without it; and onTimeout refused
 * without timeoutMs.
 */
setUpApprovalPolicies();

describe("onTimeout", () => {
  const timingOut = (onTimeout: string, extra: Record<string, unknown> = {}) => [
    { type: "task", name: "draft", handler: "set_state", config: { values: { draft: { text: "v" } } } },
    { type: "approval", name: "review", contentKey: "draft", timeoutMs: 1000, onTimeout, ...extra },
  ];

  async function timedOut(steps: unknown[], name: string) {
    const definition = await createDefinition(t.request, a.apiKey, steps, name);
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    // Not pendingFor: waiting for the engine to be idle would wait past the deadline.
    const first = await waitForPending(run.id, "");
    return { run, first };
  }

  it("approves at the deadline with approve: the run completes and the request says why", async () => {
    const { run, first } = await timedOut(timingOut("approve"), "approve-on-timeout");
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));

    expect(done.output).toMatchObject({ review: { decision: "approved", content: { text: "v" } } });
    const request = await expectData<Approval & { expiredAt: string | null }>(
      await send("GET", `/v1/approval-requests/${first.id}`),
      200,
    );
    expect(request.decision).toBe("approved");
    expect(request.expiredAt).not.toBeNull();
    const expired = (await allEvents(t.request, a.apiKey, run.id)).filter(
      (event) => event.eventType === "APPROVAL_EXPIRED",
    );
    expect(expired.map((event) => event.payload)).toEqual([
      { stepName: "review", approvalRequestId: first.id, onTimeout: "approve" },
    ]);
  });

  it("rejects at the deadline with reject, sending the draft back when the step says so", async () => {
    const onReject = { gotoStep: "draft", feedbackKey: "feedback", maxRevisions: 1 };
    const { run, first } = await timedOut(timingOut("reject", { onReject }), "reject-on-timeout");

    const second = await waitForPending(run.id, first.id);
    expect(second).toMatchObject({ revision: 2, previousRequestId: first.id });
    const failed = await waitForRun(t.request, a.apiKey, run.id, withStatus("FAILED"));
    expect(failed.steps.at(-1)?.error).toBe("approval rejected after 1 revision");
  });

  it("fails at the deadline with fail, announcing the expiry; without onTimeout, exactly as the spec says", async () => {
    const { run, first } = await timedOut(timingOut("fail"), "fail-on-timeout");
    const failed = await waitForRun(t.request, a.apiKey, run.id, withStatus("FAILED"));
    expect(failed.steps.at(-1)?.error).toBe("approval timed out");
    const expiredOf = async (runId: string) =>
      (await allEvents(t.request, a.apiKey, runId))
        .filter((event) => event.eventType === "APPROVAL_EXPIRED")
        .map((event) => event.payload);
    expect(await expiredOf(run.id)).toEqual([
      { stepName: "review", approvalRequestId: first.id, onTimeout: "fail" },
    ]);

    const spec = await timedOut(
      [timingOut("fail")[0], { type: "approval", name: "review", contentKey: "draft", timeoutMs: 1000 }],
      "spec-timeout",
    );
    await waitForRun(t.request, a.apiKey, spec.run.id, withStatus("FAILED"));
    expect(await expiredOf(spec.run.id)).toEqual([]);
  });

  it("refuses onTimeout without timeoutMs", async () => {
    const steps = [{ type: "approval", name: "review", contentKey: "input", onTimeout: "approve" }];
    const refused = await expectError(
      await send("POST", "/v1/workflow-definitions", { name: "no-timeout", version: "1", steps }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(refused)).toEqual(["steps.0.onTimeout"]);
  });

  /** Polls until the run has a pending request other than `previousId`. */
  async function waitForPending(runId: string, previousId: string): Promise<Approval> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pending = await expectData<Approval[]>(
        await send("GET", "/v1/approval-requests?pending=true"),
        200,
      );
      const next = pending.find((request) => request.workflowRunId === runId && request.id !== previousId);
      if (next) return next;
      if (Date.now() > deadline) throw new Error(`run ${runId} opened no new request`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});
