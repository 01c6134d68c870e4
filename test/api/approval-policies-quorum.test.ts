import { describe, expect, it } from "vitest";
import { expectData, expectError } from "../helpers/requests";
import { allEvents, createDefinition, getRun, startRun } from "../helpers/runs";
import { a, decide, pendingFor, send, setUpApprovalPolicies, t } from "./approval-policies-fixtures";

/**
 * Approval by quorum: the vote that reaches the quorum decides, each person votes once, votes cast at the
 * same moment each count, and a rejection decides at once unless the step asks for more.
 */
setUpApprovalPolicies();

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
