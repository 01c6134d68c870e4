import type { ApprovalRequest, ApprovalVote } from "../domain/approval";
import { normalEmail } from "../domain/approval-group";
import { ConflictError } from "../domain/errors";
import type { ApprovalStep } from "../domain/step";

export interface Tally {
  votes: ApprovalVote[];
  approvals: number;
  rejections: number;
  /** `open` until the step's quorum of approvals or of rejections is reached. */
  outcome: "approved" | "rejected" | "open";
}

/**
 * Adds one person's vote to a request decided by a quorum. Each person votes once (a second vote is a 409);
 * concurrent votes cannot both count, since each is committed with the run at its version and the loser reads
 * the winner's vote before voting again.
 */
export function castVote(
  approval: ApprovalRequest,
  quorum: NonNullable<ApprovalStep["quorum"]>,
  vote: ApprovalVote,
): Tally {
  const voter = normalEmail(vote.decidedBy);
  if (approval.votes.some((cast) => normalEmail(cast.decidedBy) === voter)) {
    throw new ConflictError(`${vote.decidedBy} has already voted on this approval request`);
  }
  const votes = [...approval.votes, vote];
  const approvals = votes.filter((cast) => cast.decision === "approved").length;
  const rejections = votes.length - approvals;
  const outcome =
    rejections >= quorum.rejections ? "rejected" : approvals >= quorum.approvals ? "approved" : "open";
  return { votes, approvals, rejections, outcome };
}
