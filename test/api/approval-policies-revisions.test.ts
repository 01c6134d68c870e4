import { describe, expect, it } from "vitest";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { allEvents, createDefinition, getRun, startRun } from "../helpers/runs";
import {
  type Approval,
  a,
  decide,
  pendingFor,
  send,
  setUpApprovalPolicies,
  t,
} from "./approval-policies-fixtures";

/**
 * Rejecting an approval with feedback (onReject): the draft goes back with the reviewer's comment and the
 * next request shows what changed, the run fails once the revisions are used up, the definitions and
 * comments refused, and a step without onReject failing on a rejection as the spec has it.
 */
setUpApprovalPolicies();

/** Drafts a text from the run's input and the reviewer's last comment, then asks for a review of it. */
const draftThenReview = (maxRevisions: number) => [
  {
    type: "task",
    name: "draft",
    handler: "set_state",
    config: { values: { draft: { text: "Hello {{input.name}}", feedback: "{{state.feedback.comment}}" } } },
  },
  {
    type: "approval",
    name: "review",
    contentKey: "draft",
    prompt: "Send this?",
    onReject: { gotoStep: "draft", feedbackKey: "feedback", maxRevisions },
  },
];

describe("rejecting with feedback", () => {
  it("sends the draft back with the comment, and the next draft shows what changed", async () => {
    const definition = await createDefinition(t.request, a.apiKey, draftThenReview(2), "revise");
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { name: "Ada" } });

    const first = await pendingFor(run.id);
    expect(first).toMatchObject({ revision: 1, previousRequestId: null, content: { text: "Hello Ada" } });
    await expectData(await decide(first.id, { decision: "rejected", comment: "Warmer, please" }), 200);

    const second = await pendingFor(run.id);
    expect(second).toMatchObject({
      revision: 2,
      previousRequestId: first.id,
      content: { text: "Hello Ada", feedback: "Warmer, please" },
    });
    const shown = await expectData<Approval>(await send("GET", `/v1/approval-requests/${second.id}`), 200);
    expect(shown.diff).toContain('+  "feedback": "Warmer, please"');
    const rejected = await expectData<Approval>(await send("GET", `/v1/approval-requests/${first.id}`), 200);
    expect(rejected).toMatchObject({ decision: "rejected", comment: "Warmer, please", diff: null });

    await expectData(await decide(second.id, { decision: "approved", comment: "Good" }), 200);
    await t.idle();
    const done = await getRun(t.request, a.apiKey, run.id);
    expect(done.status).toBe("COMPLETED");
    expect(done.steps.map((step) => [step.stepName, step.status])).toEqual([
      ["draft", "COMPLETED"],
      ["review", "COMPLETED"],
      ["draft", "COMPLETED"],
      ["review", "COMPLETED"],
    ]);
    const revisions = (await allEvents(t.request, a.apiKey, run.id)).filter(
      (event) => event.eventType === "APPROVAL_REVISION_REQUESTED",
    );
    expect(revisions.map((event) => event.payload)).toEqual([
      {
        stepName: "review",
        approvalRequestId: first.id,
        gotoStep: "draft",
        revision: 1,
        comment: "Warmer, please",
      },
    ]);
  });

  it("fails the run once the step's revisions are used up", async () => {
    const definition = await createDefinition(t.request, a.apiKey, draftThenReview(1), "revise-once");
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { name: "Bo" } });

    await expectData(await decide((await pendingFor(run.id)).id, { decision: "rejected" }), 200);
    await expectData(
      await decide((await pendingFor(run.id)).id, { decision: "rejected", comment: "No" }),
      200,
    );
    await t.idle();

    const failed = await getRun(t.request, a.apiKey, run.id);
    expect(failed.status).toBe("FAILED");
    expect(failed.steps.at(-1)?.error).toBe("approval rejected after 1 revision");
  });

  it("refuses a definition whose onReject goes to a later or unknown step, and an oversized comment", async () => {
    const steps = draftThenReview(1);
    const later = [steps[1], steps[0]];
    const refused = await expectError(
      await send("POST", "/v1/workflow-definitions", { name: "bad", version: "1", steps: later }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(refused)).toContain("steps.0.onReject.gotoStep");

    const definition = await createDefinition(t.request, a.apiKey, draftThenReview(1), "long-comment");
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { name: "Cy" } });
    const pending = await pendingFor(run.id);
    const tooLong = await expectError(
      await decide(pending.id, { decision: "rejected", comment: "x".repeat(2001) }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(tooLong)).toEqual(["comment"]);
    expect((await pendingFor(run.id)).id).toBe(pending.id);
  });

  it("keeps a step without onReject as the spec has it: a rejection fails the step", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [{ type: "approval", name: "review", contentKey: "input" }],
      "plain-review",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { n: 1 } });
    await expectData(
      await decide((await pendingFor(run.id)).id, { decision: "rejected", comment: "no" }),
      200,
    );
    await t.idle();
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("FAILED");
  });
});
