import { describe, expect, it } from "vitest";
import { expectData } from "../helpers/requests";
import { allEvents, createDefinition, getRun, startRun } from "../helpers/runs";
import { a, decideAs, pendingFor, send, setUpApprovalPolicies, t } from "./approval-policies-fixtures";

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

  const decisionOf = async (id: string) =>
    (await expectData<{ decision: string | null }>(await send("GET", `/v1/approval-requests/${id}`), 200))
      .decision;

  async function votingRun(quorum: Record<string, number>, name: string) {
    const definition = await createDefinition(t.request, a.apiKey, byVotes(quorum), name);
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { n: 1 } });
    return { run, pending: await pendingFor(run.id) };
  }

  it("is decided by the vote that reaches the quorum, each person voting once", async () => {
    const { run, pending } = await votingRun({ approvals: 2 }, "two-of-three");

    expect((await decideAs(pending.id, "v1@example.com", { decision: "approved" })).status).toBe(200);
    expect(await decisionOf(pending.id)).toBeNull();
    expect((await decideAs(pending.id, "V1@example.com", { decision: "approved" })).status).toBe(409);
    const edit = await decideAs(pending.id, "v2@example.com", { decision: "edited", editedContent: {} });
    expect(edit.status).toBe(400);
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("PAUSED");

    expect((await decideAs(pending.id, "v2@example.com", { decision: "approved" })).status).toBe(200);
    expect(await decisionOf(pending.id)).toBe("approved");
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
      ["v1@example.com", "v2@example.com"].map((voter) =>
        decideAs(pending.id, voter, { decision: "approved" }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    await t.idle();
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("COMPLETED");
  });

  it("rejects on the first rejection unless the step asks for more", async () => {
    const strict = await votingRun({ approvals: 2 }, "one-no");
    expect(
      (await decideAs(strict.pending.id, "v3@example.com", { decision: "rejected", comment: "No" })).status,
    ).toBe(200);
    await t.idle();
    expect((await getRun(t.request, a.apiKey, strict.run.id)).status).toBe("FAILED");

    const lenient = await votingRun({ approvals: 2, rejections: 2 }, "two-noes");
    expect(
      (await decideAs(lenient.pending.id, "v3@example.com", { decision: "rejected", comment: "No" })).status,
    ).toBe(200);
    expect((await decideAs(lenient.pending.id, "v1@example.com", { decision: "approved" })).status).toBe(200);
    expect((await decideAs(lenient.pending.id, "v2@example.com", { decision: "approved" })).status).toBe(200);
    await t.idle();
    expect((await getRun(t.request, a.apiKey, lenient.run.id)).status).toBe("COMPLETED");
  });
});
