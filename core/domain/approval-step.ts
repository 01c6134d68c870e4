import * as z from "zod";
import { Assignee } from "./approval-group";
import { LIMITS } from "./limits";
import { commonFields, ONE_YEAR_MS, StepType, timeoutMs } from "./step-fields";

/** The approval step (spec 4.5, docs/approvals.md): who decides, by what policy, and what a rejection does. */
export const ApprovalStep = z
  .strictObject({
    type: z.literal(StepType.Approval),
    ...commonFields,
    contentKey: z.string().min(1).max(200).meta({ description: "State key of the content to review" }),
    prompt: z.string().max(10_000).optional(),
    timeoutMs,
    onReject: z
      .strictObject({
        gotoStep: z.string().min(1).max(100).meta({ description: "An earlier step to continue at" }),
        feedbackKey: z.string().min(1).max(200).meta({
          description: "State key the rejection (comment, decidedBy, decidedAt, revision) is written to",
        }),
        maxRevisions: z.number().int().min(1).max(LIMITS.approvalRevisions),
      })
      .optional()
      .meta({ description: "A rejection sends the content back for revision instead of failing the step" }),
    assignees: z.array(Assignee).min(1).max(LIMITS.approvalAssignees).optional().meta({
      description: "Who may decide: e-mail addresses or group:<name>; decidedBy must be one of them",
    }),
    quorum: z
      .strictObject({
        approvals: z.number().int().min(2).max(LIMITS.approvalAssignees),
        rejections: z.number().int().min(1).max(LIMITS.approvalAssignees).default(1),
      })
      .optional()
      .meta({
        description: "Decided by votes of distinct people: this many approvals approve, rejections reject",
      }),
    allowRequester: z
      .boolean()
      .optional()
      .meta({ description: "false: the run's startedBy may not decide it" }),
    reminders: z
      .array(z.strictObject({ afterMs: z.int().min(1000).max(ONE_YEAR_MS) }))
      .min(1)
      .max(LIMITS.approvalReminders)
      .optional()
      .meta({ description: "Reminders to the assignees who have not voted, this long after the request" }),
    escalation: z
      .strictObject({
        afterMs: z.int().min(1000).max(ONE_YEAR_MS),
        assignees: z.array(Assignee).min(1).max(LIMITS.approvalAssignees),
      })
      .optional()
      .meta({ description: "This long after the request, these people may decide too, and are told" }),
    onTimeout: z
      .enum(["fail", "approve", "reject"])
      .optional()
      .meta({ description: "What a timeout decides: fail the step (the default), approve, or reject" }),
  })
  .meta({ id: "ApprovalStep", description: "Pauses the run until a person decides" });

export type ApprovalStep = z.infer<typeof ApprovalStep>;
