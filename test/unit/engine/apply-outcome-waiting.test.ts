import { describe, expect, it } from "vitest";
import { isoAt } from "../../../core/domain/time";
import { apply, event, types } from "./apply-outcome-fixtures";
import { MINUTE, T0 } from "./builders";

/**
 * applyOutcome with a waiting or an approval outcome: the step left WAITING, the run WAITING or PAUSED, the
 * lease released, and the approval request asked for in the same commit.
 */
describe("applyOutcome: waiting and approval", () => {
  it("leaves the step WAITING on its wait, the run WAITING, and the lease released", () => {
    const { tx, commit, effects } = apply({
      kind: "waiting",
      wait: { kind: "signal", signalType: "paid", deadlineMs: T0 + MINUTE },
    });
    expect(tx.run.status).toBe("WAITING");
    expect(tx.run.active).toMatchObject({
      lease: null,
      wait: { kind: "signal", signalType: "paid", deadlineMs: T0 + MINUTE },
      stepRun: { status: "WAITING" },
    });
    expect(commit.events).toEqual([]);
    expect(effects).toEqual({});
  });

  it("pauses the run for approval, records APPROVAL_REQUESTED and asks for the request in the same commit", () => {
    const { tx, commit, effects } = apply({
      kind: "approval",
      contentKey: "draft",
      content: { text: "hello" },
      prompt: "Send it?",
      nudges: [],
      deadlineMs: T0 + 60 * MINUTE,
    });
    expect(tx.run.status).toBe("PAUSED");
    expect(tx.run.active).toMatchObject({
      lease: null,
      wait: { kind: "approval", approvalRequestId: "apr_1", deadlineMs: T0 + 60 * MINUTE },
      stepRun: { status: "WAITING" },
    });
    expect(types(commit)).toEqual(["APPROVAL_REQUESTED"]);
    expect(event(commit, "APPROVAL_REQUESTED")).toMatchObject({
      stepRunId: "stp_1",
      payload: { stepName: "a", approvalRequestId: "apr_1" },
    });
    expect(effects.createApproval).toEqual({
      id: "apr_1",
      workflowRunId: "run_1",
      stepRunId: "stp_1",
      stepName: "a",
      contentKey: "draft",
      content: { text: "hello" },
      prompt: "Send it?",
      decision: null,
      decidedBy: null,
      decidedAt: null,
      decidedAs: null,
      expiredAt: null,
      createdAt: isoAt(T0),
      comment: null,
      revision: 1,
      previousRequestId: null,
      assignees: [],
      definitionId: "def_1",
      votes: [],
      escalatedTo: [],
      kind: "step",
      deadlineAt: isoAt(T0 + 60 * MINUTE),
      auditChain: 2,
    });
  });
});
