import { lookupModel } from "./model-table";

/**
 * Input context windows in tokens, from the providers' model pages on the date of PRICING_AS_OF (sources
 * in docs/pricing.md). Only used to pick a larger model after a context-length error, so a model missing
 * here is never chosen for that reason, and a stale entry at worst skips or tries one model needlessly.
 */
const CONTEXT_WINDOWS: Readonly<Record<string, number>> = {
  "gpt-5": 400_000,
  "gpt-5.1": 400_000,
  "gpt-4.1": 1_047_576,
  "gpt-4o": 128_000,
  "gpt-4-turbo": 128_000,
  "gpt-3.5-turbo": 16_385,
  o1: 200_000,
  "o1-mini": 128_000,
  o3: 200_000,
  "o4-mini": 200_000,
  claude: 200_000,
  "gemini-3-pro-preview": 1_048_576,
  "gemini-2.5": 1_048_576,
  "gemini-2.0": 1_048_576,
  "gemini-1.5-pro": 2_097_152,
  "gemini-1.5-flash": 1_048_576,
};

export function contextWindow(model: string): number | undefined {
  return lookupModel(model, CONTEXT_WINDOWS);
}
