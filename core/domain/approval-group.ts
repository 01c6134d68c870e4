import * as z from "zod";
import { LIMITS } from "./limits";

/**
 * A workspace's named set of people an approval step can be assigned to as `group:<name>`. Membership is
 * read when a decision is checked and when requests are listed by assignee, so a change applies to requests
 * already open.
 */
export const APPROVAL_GROUP_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

export const ApprovalGroupName = z
  .string()
  .regex(
    APPROVAL_GROUP_NAME,
    "lowercase letters, digits, '.', '_' and '-', at most 63, starting with a letter or digit",
  );

/** A person's e-mail address as assignments compare them: trimmed, lowercase. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

export const PutApprovalGroupInput = z
  .object({
    members: z
      .array(z.email().max(254))
      .min(1)
      .max(LIMITS.approvalGroupMembers)
      .transform((members) => [...new Set(members.map(normalEmail))]),
  })
  .meta({ id: "PutApprovalGroupInput" });

export const ApprovalGroup = z
  .object({
    name: z.string(),
    members: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ApprovalGroup" });
export type ApprovalGroup = z.infer<typeof ApprovalGroup>;

/** An approval step's assignee: an e-mail address, or `group:<name>`. */
export const Assignee = z.union([z.email().max(254), z.string().regex(/^group:[a-z0-9][a-z0-9._-]{0,62}$/)], {
  error: "an e-mail address or group:<name>",
});

export const groupOf = (assignee: string): string | undefined =>
  assignee.startsWith("group:") ? assignee.slice("group:".length) : undefined;
