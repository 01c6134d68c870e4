/**
 * SIGNUP_MODE: who may create an account (docs/operator-policy.md). Apart from account.ts, whose request and
 * response schemas only the API uses: every function's settings (core/config.ts) read this one. Plain
 * values, so each reader builds its own schema (the settings with zod/mini, the API's with zod).
 */
export const SIGNUP_MODES = ["open", "invite", "closed"] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];
