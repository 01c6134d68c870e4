import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { allEvents, createDefinition, getRun, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

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

interface Approval {
  id: string;
  workflowRunId: string;
  revision: number;
  previousRequestId: string | null;
  comment: string | null;
  decision: string | null;
  content: Record<string, unknown>;
  diff?: string | null;
}

let t: TestApp;
let a: SignedUp;

beforeAll(async () => {
  t = await createTestApp({}, { realTime: true });
  a = await signUp(t);
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

async function pendingFor(runId: string): Promise<Approval> {
  await t.idle();
  const pending = await expectData<Approval[]>(await send("GET", "/v1/approval-requests?pending=true"), 200);
  const approval = pending.find((request) => request.workflowRunId === runId);
  if (!approval) throw new Error(`run ${runId} has no pending approval`);
  return approval;
}

const decide = (approvalId: string, body: Record<string, unknown>) =>
  send("POST", `/v1/approval-requests/${approvalId}/decide`, body);

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

describe("routing: assignees, groups and the requester", () => {
  const assigned = (extra: Record<string, unknown>) => [
    { type: "approval", name: "review", contentKey: "input", ...extra },
  ];

  it("lets only an assignee decide, directly or through a group, and lists a person's requests", async () => {
    const group = await expectData<{ name: string; members: string[] }>(
      await send("PUT", "/v1/approval-groups/legal", { members: ["Lea@Example.com", "max@example.com"] }),
      200,
    );
    expect(group).toMatchObject({ name: "legal", members: ["lea@example.com", "max@example.com"] });
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      assigned({ assignees: ["ana@example.com", "group:legal"] }),
      "routed",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { n: 1 } });
    const pending = await pendingFor(run.id);
    expect(pending).toMatchObject({
      assignees: ["ana@example.com", "group:legal"],
      definitionId: definition.id,
    });

    await expectError(await decide(pending.id, { decision: "approved" }), 403, "FORBIDDEN");
    await expectError(
      await decide(pending.id, { decision: "approved", decidedBy: "eve@example.com" }),
      403,
      "FORBIDDEN",
    );
    const forLea = await expectData<Approval[]>(
      await send(
        "GET",
        `/v1/approval-requests?pending=true&assignee=lea@example.com&workflowRunId=${run.id}`,
      ),
      200,
    );
    expect(forLea.map((request) => request.id)).toEqual([pending.id]);
    const forEve = await expectData<Approval[]>(
      await send("GET", `/v1/approval-requests?assignee=eve@example.com&workflowRunId=${run.id}`),
      200,
    );
    expect(forEve).toEqual([]);

    await expectData(await decide(pending.id, { decision: "approved", decidedBy: "LEA@example.com" }), 200);
    await t.idle();
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("COMPLETED");
  });

  it("refuses the run's own starter when the step says allowRequester: false", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      assigned({ allowRequester: false }),
      "no-self",
    );
    const run = await startRun(t.request, a.apiKey, {
      definitionId: definition.id,
      startedBy: "sam@example.com",
    });
    expect(run).toMatchObject({ startedBy: "sam@example.com" });
    const pending = await pendingFor(run.id);

    await expectError(
      await decide(pending.id, { decision: "approved", decidedBy: "Sam@example.com" }),
      403,
      "FORBIDDEN",
    );
    await expectData(await decide(pending.id, { decision: "approved", decidedBy: "kim@example.com" }), 200);
  });

  it("pages the list when asked, and keeps the spec's plain array otherwise", async () => {
    const definition = await createDefinition(t.request, a.apiKey, assigned({}), "paged");
    const runs = await Promise.all(
      [1, 2, 3].map(() => startRun(t.request, a.apiKey, { definitionId: definition.id })),
    );
    await t.idle();
    const query = `pending=true&definitionId=${definition.id}`;
    const all = await expectData<Approval[]>(await send("GET", `/v1/approval-requests?${query}`), 200);
    expect(all.map((request) => request.workflowRunId).sort()).toEqual(runs.map((run) => run.id).sort());

    const response = await send("GET", `/v1/approval-requests?${query}&page=2&pageSize=2`);
    const body = (await response.json()) as { data: Approval[]; meta: Record<string, number> };
    expect(body.meta).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect(body.data.map((request) => request.id)).toEqual([all[2]?.id]);
  });

  it("manages groups: read one, list, delete, and refuse a bad name or member", async () => {
    await expectData(await send("PUT", "/v1/approval-groups/ops", { members: ["a@example.com"] }), 200);
    const groups = await expectData<{ name: string }[]>(await send("GET", "/v1/approval-groups"), 200);
    expect(groups.map((group) => group.name)).toContain("ops");
    await expectData(await send("DELETE", "/v1/approval-groups/ops"), 200);
    await expectError(await send("GET", "/v1/approval-groups/ops"), 404, "NOT_FOUND");
    await expectError(await send("DELETE", "/v1/approval-groups/ops"), 404, "NOT_FOUND");
    // A name no group can have is answered like any impossible path: 404.
    await expectError(
      await send("PUT", "/v1/approval-groups/Bad%20Name", { members: ["a@example.com"] }),
      404,
      "NOT_FOUND",
    );
    const refused = await expectError(
      await send("PUT", "/v1/approval-groups/ops", { members: ["not-an-email"] }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(refused)).toEqual(["members.0"]);
  });
});

describe("quorum", () => {
  const voters = ["v1@example.com", "v2@example.com", "v3@example.com"];
  const byVotes = (quorum: Record<string, number>) => [
    { type: "approval", name: "review", contentKey: "input", assignees: voters, quorum },
  ];

  async function votingRun(quorum: Record<string, number>, name: string) {
    const definition = await createDefinition(t.request, a.apiKey, byVotes(quorum), name);
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { n: 1 } });
    return { run, pending: await pendingFor(run.id) };
  }

  it("is decided by the vote that reaches the quorum, each person voting once", async () => {
    const { run, pending } = await votingRun({ approvals: 2 }, "two-of-three");

    const first = await expectData<{ decision: string | null }>(
      await decide(pending.id, { decision: "approved", decidedBy: "v1@example.com" }),
      200,
    );
    expect(first.decision).toBeNull();
    await expectError(
      await decide(pending.id, { decision: "approved", decidedBy: "V1@example.com" }),
      409,
      "CONFLICT",
    );
    await expectError(
      await decide(pending.id, { decision: "edited", editedContent: {}, decidedBy: "v2@example.com" }),
      400,
      "VALIDATION_ERROR",
    );
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("PAUSED");

    const second = await expectData<{ decision: string | null }>(
      await decide(pending.id, { decision: "approved", decidedBy: "v2@example.com" }),
      200,
    );
    expect(second.decision).toBe("approved");
    await t.idle();
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("COMPLETED");
    const request = await expectData<{ votes: { decidedBy: string; decision: string }[] }>(
      await send("GET", `/v1/approval-requests/${pending.id}`),
      200,
    );
    expect(request.votes.map((vote) => [vote.decidedBy, vote.decision])).toEqual([
      ["v1@example.com", "approved"],
      ["v2@example.com", "approved"],
    ]);
    const tallies = (await allEvents(t.request, a.apiKey, run.id))
      .filter((event) => event.eventType === "APPROVAL_VOTE_RECORDED")
      .map((event) => [event.payload.approvals, event.payload.rejections]);
    expect(tallies).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });

  it("counts votes cast at the same moment once each", async () => {
    const { run, pending } = await votingRun({ approvals: 2 }, "concurrent-votes");
    const answers = await Promise.all(
      ["v1@example.com", "v2@example.com"].map((decidedBy) =>
        decide(pending.id, { decision: "approved", decidedBy }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    await t.idle();
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("COMPLETED");
  });

  it("rejects on the first rejection unless the step asks for more", async () => {
    const strict = await votingRun({ approvals: 2 }, "one-no");
    await expectData(
      await decide(strict.pending.id, { decision: "rejected", decidedBy: "v3@example.com" }),
      200,
    );
    await t.idle();
    expect((await getRun(t.request, a.apiKey, strict.run.id)).status).toBe("FAILED");

    const lenient = await votingRun({ approvals: 2, rejections: 2 }, "two-noes");
    await expectData(
      await decide(lenient.pending.id, { decision: "rejected", decidedBy: "v3@example.com" }),
      200,
    );
    await expectData(
      await decide(lenient.pending.id, { decision: "approved", decidedBy: "v1@example.com" }),
      200,
    );
    await expectData(
      await decide(lenient.pending.id, { decision: "approved", decidedBy: "v2@example.com" }),
      200,
    );
    await t.idle();
    expect((await getRun(t.request, a.apiKey, lenient.run.id)).status).toBe("COMPLETED");
  });
});
