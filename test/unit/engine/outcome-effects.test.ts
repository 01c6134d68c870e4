import { describe, expect, it } from "vitest";
import type { AttemptCost } from "../../../core/domain/cost-record";
import { combineEffects } from "../../../core/engine/rules/outcome-effects";
import { apply } from "./apply-outcome-fixtures";

/**
 * The effects of one transition's parts (an outcome, the steps run after it without side effects, what a
 * supersession or a timeout adds) become writes of one commit: every one of them reaches it, and two that
 * would be the same write are refused rather than one left out unseen.
 */
const cost = (id: string): AttemptCost => ({
  id,
  workspaceId: "wsp_1",
  workflowRunId: "run_1",
  stepRunId: "stp_1",
  attempt: 1,
  calls: [],
});

const paused = () =>
  apply({
    kind: "approval",
    contentKey: "k",
    content: {},
    prompt: null,
    deadlineMs: null,
    nudges: [],
    approvalKind: "budget",
    cost: cost("cst_1"),
  }).effects;

describe("combining a transition's effects", () => {
  it("keeps every effect of every part", () => {
    const outcome = paused();
    expect(outcome.createApproval?.kind).toBe("budget");
    expect(outcome.cost?.id).toBe("cst_1");
    const expiry = { expireApproval: { id: "apr_0", decision: null } };
    const combined = combineEffects(outcome, {}, expiry, { cost: undefined });
    expect(combined).toEqual({ ...outcome, ...expiry });
  });

  it("refuses two cost records for one commit, which would drop the first", () => {
    expect(() => combineEffects(paused(), { cost: cost("cst_2") })).toThrow(
      /twice for the attempt's cost record \(cost, cost\)/,
    );
  });

  it("refuses two approvals opened by one commit", () => {
    const outcome = paused();
    expect(() => combineEffects(outcome, { createApproval: outcome.createApproval })).toThrow(
      /approval it opens/,
    );
  });

  it("refuses an expiry and an escalation together: both settle the approval the run waits on", () => {
    const expiry = { expireApproval: { id: "apr_1", decision: null } };
    const escalation = { escalateApproval: { id: "apr_1", assignees: ["boss@example.com"] } };
    expect(() => combineEffects(expiry, escalation)).toThrow(
      /the approval it settles \(expireApproval, escalateApproval\)/,
    );
  });
});
