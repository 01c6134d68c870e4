import * as z from "zod/mini";
import type { LlmUsage } from "./llm-call";
import { lookupModel } from "./model-table";

/**
 * What a model call costs, in USD per million tokens. The table is a dated snapshot of the providers'
 * list prices (sources and caveats in docs/pricing.md); LLM_PRICING_JSON overrides or extends it.
 */
export const ModelPrice = z.strictObject({
  inputPerMillion: z.number().check(z.nonnegative()),
  outputPerMillion: z.number().check(z.nonnegative()),
  /** Rate for input tokens served from the prompt cache; the input rate where a provider has none. */
  cachedInputPerMillion: z.optional(z.number().check(z.nonnegative())),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

/** LLM_PRICING_JSON's shape (core/config.ts), in zod/mini as the settings are. */
export const PricingOverrides = z.record(z.string().check(z.minLength(1)), ModelPrice);
export type PricingOverrides = z.infer<typeof PricingOverrides>;

export const PRICING_AS_OF = "2026-11-20";

const price = (input: number, output: number, cached?: number): ModelPrice =>
  cached === undefined
    ? { inputPerMillion: input, outputPerMillion: output }
    : { inputPerMillion: input, outputPerMillion: output, cachedInputPerMillion: cached };

/** Standard (not batch, not priority) rates; Gemini at the ≤200k-token prompt tier. Keep docs/pricing.md in step. */
export const PRICING_TABLE: Readonly<Record<string, ModelPrice>> = {
  // OpenAI
  "gpt-5.1": price(1.25, 10, 0.125),
  "gpt-5": price(1.25, 10, 0.125),
  "gpt-5-mini": price(0.25, 2, 0.025),
  "gpt-5-nano": price(0.05, 0.4, 0.005),
  "gpt-4.1": price(2, 8, 0.5),
  "gpt-4.1-mini": price(0.4, 1.6, 0.1),
  "gpt-4.1-nano": price(0.1, 0.4, 0.025),
  "gpt-4o": price(2.5, 10, 1.25),
  "gpt-4o-mini": price(0.15, 0.6, 0.075),
  "gpt-4-turbo": price(10, 30),
  "gpt-3.5-turbo": price(0.5, 1.5),
  o1: price(15, 60, 7.5),
  "o1-mini": price(1.1, 4.4, 0.55),
  "o1-pro": price(150, 600),
  o3: price(2, 8, 0.5),
  "o3-mini": price(1.1, 4.4, 0.55),
  "o3-pro": price(20, 80),
  "o4-mini": price(1.1, 4.4, 0.275),
  // Anthropic (cached = cache read; cache writes are billed at the input rate here, see the doc)
  "claude-opus-4-5": price(5, 25, 0.5),
  "claude-opus-4-1": price(15, 75, 1.5),
  "claude-opus-4": price(15, 75, 1.5),
  "claude-sonnet-4-5": price(3, 15, 0.3),
  "claude-sonnet-4": price(3, 15, 0.3),
  "claude-3-7-sonnet": price(3, 15, 0.3),
  "claude-haiku-4-5": price(1, 5, 0.1),
  "claude-3-5-haiku": price(0.8, 4, 0.08),
  "claude-3-haiku": price(0.25, 1.25, 0.03),
  // Google
  "gemini-3-pro-preview": price(2, 12, 0.2),
  "gemini-2.5-pro": price(1.25, 10, 0.125),
  "gemini-2.5-flash": price(0.3, 2.5, 0.03),
  "gemini-2.5-flash-lite": price(0.1, 0.4, 0.01),
  "gemini-2.0-flash": price(0.1, 0.4, 0.025),
  "gemini-2.0-flash-lite": price(0.075, 0.3),
  "gemini-1.5-pro": price(1.25, 5),
  "gemini-1.5-flash": price(0.075, 0.3),
};

/** The price of a model (lookupModel's matching); overrides are searched the same way and win over the table. */
export function priceForModel(model: string, overrides: PricingOverrides = {}): ModelPrice | undefined {
  return lookupModel(model, overrides) ?? lookupModel(model, PRICING_TABLE);
}

export interface CallCost {
  costUsd: number;
  /** False when the model has no price: the cost is then 0, not an estimate, and should be flagged. */
  priced: boolean;
}

/** Cached input tokens (part of inputTokens) at the cached rate, the rest of the input at the input rate. */
export function costUsd(model: string, usage: LlmUsage, overrides: PricingOverrides = {}): CallCost {
  const modelPrice = priceForModel(model, overrides);
  if (modelPrice === undefined) return { costUsd: 0, priced: false };
  const cached = Math.min(Math.max(usage.cachedInputTokens, 0), usage.inputTokens);
  const cachedRate = modelPrice.cachedInputPerMillion ?? modelPrice.inputPerMillion;
  const microUsd =
    (usage.inputTokens - cached) * modelPrice.inputPerMillion +
    cached * cachedRate +
    usage.outputTokens * modelPrice.outputPerMillion;
  // tokens × USD-per-million is in micro-dollars; rounded to 1e-9 USD so sums of many calls do not show float noise.
  return { costUsd: Math.round(microUsd * 1000) / 1e9, priced: true };
}
