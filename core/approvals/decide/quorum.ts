import type { ApprovalRequest, ApprovalVote } from "../../domain/approval";
import { normalEmail } from "../../domain/approval-group";
import { ConflictError } from "../../domain/errors";
import { linkAskedBy } from "../../domain/identity";
import type { ApprovalStep } from "../../domain/step";

export interface Tally {
  votes: ApprovalVote[];
  approvals: number;
  rejections: number;
  /** `open` until the step's quorum of approvals or of rejections is reached. */
  outcome: "approved" | "rejected" | "open";
}

/** The voter the links the workspace's API keys asked for and its webhooks received count as, together. */
const INTEGRATIONS = "the workspace's integrations";

/**
 * Whose vote this is, for counting distinct voters: the person the service verified, except for a link it
 * did not deliver to its assignee itself. Such a link proves only the hands it passed through: links a
 * session asked for count as that person's, and those answered to an API key or sent to a webhook receiver
 * as one voter between them, since whoever holds a key can make more keys and webhooks.
 */
export function voterOf(vote: ApprovalVote): string {
  const issuedBy = vote.identity?.kind === "link" ? vote.identity.issuedBy : undefined;
  if (issuedBy === undefined || issuedBy === "mail") return normalEmail(vote.decidedBy);
  const asker = linkAskedBy(vote.identity);
  return asker === undefined ? INTEGRATIONS : normalEmail(asker);
}

/**
 * Adds one vote to a request decided by a quorum. Each voter (voterOf) votes once, and so does each person
 * voted for (a second vote is a 409); concurrent votes cannot both count, since each is committed with the
 * run at its version and the loser reads the winner's vote before voting again.
 */
export function castVote(
  approval: ApprovalRequest,
  quorum: NonNullable<ApprovalStep["quorum"]>,
  vote: ApprovalVote,
): Tally {
  const named = normalEmail(vote.decidedBy);
  if (approval.votes.some((cast) => normalEmail(cast.decidedBy) === named)) {
    throw new ConflictError(`${vote.decidedBy} has already voted on this approval request`);
  }
  const voter = voterOf(vote);
  const earlier = approval.votes.find((cast) => voterOf(cast) === voter);
  if (earlier) {
    throw new ConflictError(
      voter === INTEGRATIONS
        ? `Links asked for with an API key or sent to a webhook count as one vote between them, cast by the link for ${earlier.decidedBy}`
        : `${voter} has already voted on this approval request (the links they asked for count as their vote)`,
    );
  }
  const votes = [...approval.votes, vote];
  const approvals = votes.filter((cast) => cast.decision === "approved").length;
  const rejections = votes.length - approvals;
  const outcome =
    rejections >= quorum.rejections ? "rejected" : approvals >= quorum.approvals ? "approved" : "open";
  return { votes, approvals, rejections, outcome };
}
