import * as z from "zod";
import { CreatedApiKey } from "./api-key";
import { SIGNUP_MODES, type SignupMode as SignupModeValue } from "./signup-mode";
import { Workspace, WorkspaceName, WorkspaceSlug } from "./workspace";

export const SignupMode = z.enum(SIGNUP_MODES);
export type SignupMode = SignupModeValue;

/** Emails are compared case-insensitively: one person, one account, however they type it. */
const Email = z
  .email()
  .max(254)
  .transform((email) => email.toLowerCase());

export const SignupInput = z
  .object({
    email: Email,
    password: z.string().min(8).max(256),
    workspaceName: WorkspaceName,
    workspaceSlug: WorkspaceSlug.optional(),
    /** Needed when SIGNUP_MODE is invite; a missing one is refused as an invalid one is (403), not a 400. */
    inviteCode: z.string().max(200).optional(),
  })
  .meta({ id: "SignupInput" });
export type SignupInput = z.infer<typeof SignupInput>;

export const LoginInput = z
  .object({ email: Email, password: z.string().min(1).max(256) })
  .meta({ id: "LoginInput" });
export type LoginInput = z.infer<typeof LoginInput>;

export const AccountUser = z
  .object({ id: z.string(), email: z.string(), createdAt: z.string() })
  .meta({ id: "User" });
export type AccountUser = z.infer<typeof AccountUser>;

export const AccountRecord = AccountUser.extend({ passwordHash: z.string() });
export type AccountRecord = z.infer<typeof AccountRecord>;

export const SignupResult = z
  .object({
    user: AccountUser,
    workspace: Workspace,
    apiKey: CreatedApiKey,
    token: z.string(),
  })
  .meta({ id: "SignupResult" });

/** What the dashboard needs before anyone signs in: whether to offer sign-up, and with an invite field. */
export const AuthSettings = z.object({ signupMode: SignupMode }).meta({ id: "AuthSettings" });
export type AuthSettings = z.infer<typeof AuthSettings>;

export const LoginResult = z
  .object({ user: AccountUser, workspaces: z.array(Workspace), token: z.string() })
  .meta({ id: "LoginResult" });

export interface SessionRecord {
  accountId: string;
  expiresAt: string;
}
