import * as z from "zod";
import type { ProviderErrorKind } from "./llm-call";

/**
 * The error classes an llm step's `fallbackOn` names: a failed provider call's kind, as users read it.
 * `unavailable` is not a call's failure: the candidate's provider has no key, so it is always skipped.
 */
export const LlmErrorClass = z.enum([
  "rate_limit",
  "server_error",
  "overloaded",
  "timeout",
  "connection",
  "context_length",
  "content_filter",
  "auth",
  "bad_request",
]);
export type LlmErrorClass = z.infer<typeof LlmErrorClass>;

/**
 * The failures another model may well not have: the provider is busy, broken or unreachable right now.
 * Auth, bad requests and content filters are not (another model of another provider would be a silent
 * change of policy); a context-length error moves only to a model with a larger window (candidates.ts).
 */
export const DEFAULT_FALLBACK_ON: readonly LlmErrorClass[] = [
  "rate_limit",
  "server_error",
  "overloaded",
  "timeout",
  "connection",
];

export function errorClassOf(kind: ProviderErrorKind): LlmErrorClass {
  return kind === "server" ? "server_error" : kind;
}
