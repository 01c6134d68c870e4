import * as z from "zod";
import { AppError, ErrorCode } from "./errors";

/** The answer to POST /v1/invites: the only time the code is shown; the store keeps its hash. */
export const CreatedInvite = z
  .object({ code: z.string(), expiresAt: z.string() })
  .meta({ id: "CreatedInvite" });
export type CreatedInvite = z.infer<typeof CreatedInvite>;

export interface InviteRecord {
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
}

/** An invite opens one sign-up, before it expires; the sign-up's store write checks the same. */
export function isRedeemable(invite: InviteRecord | undefined, now: string): invite is InviteRecord {
  return invite !== undefined && invite.usedAt === undefined && invite.expiresAt > now;
}

/**
 * One answer for a missing, unknown, used or expired code. The spec's only authentication code is
 * AUTH_ERROR; 403 says the caller is known to be refused, not unauthenticated.
 */
export function inviteRejectedError(): AppError {
  return new AppError(
    ErrorCode.AUTH_ERROR,
    "Sign-up on this server needs a valid invite code (inviteCode): this one is missing, unknown, used or expired",
    { status: 403 },
  );
}
