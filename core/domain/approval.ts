import * as z from "zod";
import { boundedJsonObject } from "./bounded-json";
import { Identity } from "./identity";
import { LIMITS } from "./limits";
import type { RunRecord } from "./run-record";
import { RunStatus } from "./statuses";

export const ApprovalDecision = z.enum(["approved", "rejected", "edited"]);
export type ApprovalDecision = z.infer<typeof ApprovalDecision>;

/** One person's vote on a request decided by a quorum (docs/approvals.md). */
export const ApprovalVote = z
  .object({
    decidedBy: z.string(),
    decision: z.enum(["approved", "rejected"]),
    comment: z.string().nullable(),
    at: z.string(),
    /** Who the service verified cast it; absent on votes cast before it recorded that. */
    identity: Identity.optional(),
  })
  .meta({ id: "ApprovalVote" });
export type ApprovalVote = z.infer<typeof ApprovalVote>;

/**
 * How a request's audit trail is hash-chained (core/approvals/audit/audit-hash.ts, docs/approvals.md): 1 for the
 * requests opened before version 2 (stored without the field), which keep the rule their hashes were made by.
 */
export const AuditChainVersion = z.union([z.literal(1), z.literal(2)]);
export type AuditChainVersion = z.infer<typeof AuditChainVersion>;

/** The version requests are opened with now. */
export const CURRENT_AUDIT_CHAIN: AuditChainVersion = 2;

export const ApprovalRequest = z
  .object({
    id: z.string(),
    workflowRunId: z.string(),
    stepRunId: z.string(),
    stepName: z.string(),
    contentKey: z.string(),
    content: z.record(z.string(), z.unknown()),
    prompt: z.string().nullable(),
    decision: ApprovalDecision.nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** Who the service verified decided it (`decidedBy` is what an API key's request said): docs/approvals.md. */
    decidedAs: Identity.nullable().default(null),
    /** Set when the step's timeout passed with no decision (decisions section 3). */
    expiredAt: z.string().nullable(),
    createdAt: z.string(),
    /** The reviewer's words with the decision (docs/approvals.md). */
    comment: z.string().nullable().default(null),
    /** Which draft of the step's content this is: 1, then one more after each rejection sent back for revision. */
    revision: z.number().int().min(1).default(1),
    /** The request the previous draft was rejected in, when this one is a revision. */
    previousRequestId: z.string().nullable().default(null),
    /** Who may decide it, as the step names them (e-mail addresses, `group:<name>`); empty: anyone. */
    assignees: z.array(z.string()).default([]),
    /** The run's definition, for listing by definition. */
    definitionId: z.string().nullable().default(null),
    /** The votes cast so far, oldest first, on a step with a quorum. */
    votes: z.array(ApprovalVote).default([]),
    /** Who may decide too since the step's escalation (e-mail addresses, `group:<name>`). */
    escalatedTo: z.array(z.string()).default([]),
    /** When the step's timeout ends the wait (its `timeoutMs` from the request), or null without one. */
    deadlineAt: z.string().nullable().default(null),
    /** `step`: an approval step's; `budget`: a run asking for more LLM spend (docs/llm.md). */
    kind: z.enum(["step", "budget"]).default("step"),
    auditChain: AuditChainVersion.default(1).meta({
      description: "The hash chain's version of its audit trail: 1 for requests opened before version 2",
    }),
  })
  .meta({ id: "ApprovalRequest" });
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

export const DecideApprovalInput = z
  .object({
    decision: ApprovalDecision,
    editedContent: boundedJsonObject(LIMITS.approvalEditBytes).optional(),
    decidedBy: z.string().min(1).max(200).optional(),
    comment: z.string().min(1).max(LIMITS.approvalCommentChars).optional().meta({
      description: "Kept with the decision; on a rejection sent back for revision, given to the run",
    }),
  })
  .superRefine((input, ctx) => {
    if (input.decision === "edited" && input.editedContent === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["editedContent"],
        message: "editedContent is required when decision is edited",
      });
    }
  })
  .meta({ id: "DecideApprovalInput" });
export type DecideApprovalInput = z.infer<typeof DecideApprovalInput>;

/** Neither decided nor expired. */
export const isPendingApproval = (approval: ApprovalRequest): boolean =>
  approval.decision === null && approval.expiredAt === null;

/**
 * Whether a request is a request at all, with its run as it stands: a settled one always; a pending one only
 * while its run is paused on it. A request is written just before the commit that pauses its run on it
 * (RunChange.openApproval), so a pending one its run does not wait for was opened by a change that never
 * committed (it lost its race, or its writer stopped between the two writes): no reader is offered it, and
 * nobody can decide it.
 */
export function isOffered(approval: ApprovalRequest, run: RunRecord | undefined): boolean {
  if (!isPendingApproval(approval)) return true;
  const wait = run?.active?.wait;
  return (
    run?.status === RunStatus.Paused && wait?.kind === "approval" && wait.approvalRequestId === approval.id
  );
}
