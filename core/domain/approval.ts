import * as z from "zod";
import { boundedJsonObject } from "./bounded-json";
import { LIMITS } from "./limits";

export const ApprovalDecision = z.enum(["approved", "rejected", "edited"]);
export type ApprovalDecision = z.infer<typeof ApprovalDecision>;

export const ApprovalRequest = z.object({
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
  /** Set when the step's timeout passed with no decision (decisions section 3). */
  expiredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

export const DecideApprovalInput = z
  .object({
    decision: ApprovalDecision,
    editedContent: boundedJsonObject(LIMITS.approvalEditBytes).optional(),
    decidedBy: z.string().min(1).max(200).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.decision === "edited" && input.editedContent === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["editedContent"],
        message: "editedContent is required when decision is edited",
      });
    }
  });
export type DecideApprovalInput = z.infer<typeof DecideApprovalInput>;
