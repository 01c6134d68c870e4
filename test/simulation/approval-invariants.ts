import type { MemoryRunsDump } from "../../core/adapters/memory/runs-store";
import { RunStatus } from "../../core/domain/statuses";
import type { Flag } from "./invariants";

/**
 * An approval is offered only while its run waits on it: one its run no longer waits for is settled in the
 * same commit that moved the run on (decided, expired, cancelled, superseded), so nobody is asked in vain.
 */
export function approvalsSettled(dump: MemoryRunsDump, flag: Flag): void {
  const runs = new Map(dump.runs.map(({ run }) => [run.id, run]));
  for (const { approval } of dump.approvals) {
    if (approval.decision !== null || approval.expiredAt !== null) continue;
    const run = runs.get(approval.workflowRunId);
    const wait = run?.active?.wait;
    if (
      run?.status !== RunStatus.Paused ||
      wait?.kind !== "approval" ||
      wait.approvalRequestId !== approval.id
    ) {
      flag(
        "approvals settle with their run",
        approval.workflowRunId,
        `${approval.id} is pending, but the run is ` +
          `${run?.status} waiting on ${JSON.stringify(wait ?? null)}`,
      );
    }
  }
}

/**
 * Votes and nudges count once: a request keeps one vote per person, every APPROVAL_VOTE_RECORDED has its vote
 * on the request, and each reminder (by number) and the escalation are recorded at most once per request,
 * however wake-ups, doorbells and decisions raced.
 */
export function votesAndNudgesOnce(dump: MemoryRunsDump, flag: Flag): void {
  const requests = new Map(dump.approvals.map(({ approval }) => [approval.id, approval]));
  for (const { approval } of dump.approvals) {
    const voters = approval.votes.map((vote) => vote.decidedBy);
    if (new Set(voters).size !== voters.length) {
      flag(
        "one vote per person",
        approval.workflowRunId,
        `${approval.id} holds votes of ${voters.join(", ")}`,
      );
    }
  }
  for (const { run, history } of dump.runs) {
    const seen = new Set<string>();
    for (const event of history.events) {
      const { approvalRequestId: id, decidedBy, reminder } = event.payload;
      if (event.eventType === "APPROVAL_VOTE_RECORDED") {
        const kept = requests.get(String(id))?.votes.some((vote) => vote.decidedBy === decidedBy);
        if (!kept)
          flag("votes kept", run.id, `${String(decidedBy)}'s vote on ${String(id)} is not on the request`);
      }
      const once =
        event.eventType === "APPROVAL_REMINDER_SENT"
          ? `${String(id)} reminder ${String(reminder)}`
          : event.eventType === "APPROVAL_ESCALATED"
            ? `${String(id)} escalation`
            : undefined;
      if (once === undefined) continue;
      if (seen.has(once)) flag("nudges once", run.id, `${once} recorded twice`);
      seen.add(once);
    }
  }
}
