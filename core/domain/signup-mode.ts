import * as z from "zod";

/**
 * SIGNUP_MODE: who may create an account (docs/operator-policy.md). Apart from account.ts, whose request and
 * response schemas only the API uses: every function's settings (core/config.ts) read this one.
 */
export const SignupMode = z.enum(["open", "invite", "closed"]);
export type SignupMode = z.infer<typeof SignupMode>;
