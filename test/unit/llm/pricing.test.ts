import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../core/config";
import { costUsd, PRICING_AS_OF, PRICING_TABLE, priceForModel } from "../../../core/domain/pricing";

const usage = (inputTokens: number, outputTokens: number, cachedInputTokens = 0) => ({
  inputTokens,
  outputTokens,
  cachedInputTokens,
});

describe("pricing", () => {
  it("is dated in docs/pricing.md as in the table, so a reader knows how old the figures are", () => {
    const docs = readFileSync(join(__dirname, "../../../docs/pricing.md"), "utf8");

    expect(docs).toContain(`**Prices as of ${PRICING_AS_OF}.**`);
  });

  it("prices an exact model name per million input and output tokens", () => {
    expect(costUsd("gpt-4o", usage(1_000_000, 1_000_000))).toEqual({ costUsd: 12.5, priced: true });
    expect(costUsd("claude-haiku-4-5", usage(2_000, 500))).toEqual({ costUsd: 0.0045, priced: true });
  });

  it("prices a dated variant by its longest table prefix", () => {
    expect(priceForModel("gpt-4o-2024-08-06")).toBe(PRICING_TABLE["gpt-4o"]);
    expect(priceForModel("gpt-4o-mini-2024-07-18")).toBe(PRICING_TABLE["gpt-4o-mini"]);
    expect(priceForModel("claude-sonnet-4-20250514")).toBe(PRICING_TABLE["claude-sonnet-4"]);
    expect(priceForModel("claude-opus-4-1-20250805")).toBe(PRICING_TABLE["claude-opus-4-1"]);
    expect(priceForModel("gemini-2.0-flash-001")).toBe(PRICING_TABLE["gemini-2.0-flash"]);
    expect(priceForModel("gemini-2.0-flash-lite-001")).toBe(PRICING_TABLE["gemini-2.0-flash-lite"]);
  });

  it("matches prefixes only at a '-' boundary", () => {
    // gpt-4o-mini must not be priced as gpt-4o; gpt-5.1 is its own entry, not a gpt-5 variant.
    expect(priceForModel("gpt-4o-mini")).not.toBe(PRICING_TABLE["gpt-4o"]);
    expect(priceForModel("gpt-4omni")).toBeUndefined();
    expect(priceForModel("gpt-5.1-2025-11-13")).toBe(PRICING_TABLE["gpt-5.1"]);
  });

  it("bills cached input at the cached rate and the rest at the input rate", () => {
    // gpt-4o: 2.5 input, 1.25 cached, 10 output per million.
    const cost = costUsd("gpt-4o", usage(1_000_000, 0, 400_000));
    expect(cost.costUsd).toBeCloseTo(0.6 * 2.5 + 0.4 * 1.25, 9);
    // A model without a cached rate bills cached tokens at the input rate.
    expect(costUsd("gpt-4-turbo", usage(1_000_000, 0, 500_000)).costUsd).toBe(10);
  });

  it("lets overrides replace and extend the table, by exact name or prefix", () => {
    const overrides = {
      "gpt-4o": { inputPerMillion: 1, outputPerMillion: 2 },
      "my-finetune": { inputPerMillion: 3, outputPerMillion: 4, cachedInputPerMillion: 0.5 },
    };
    expect(costUsd("gpt-4o-2024-08-06", usage(1_000_000, 1_000_000), overrides).costUsd).toBe(3);
    expect(costUsd("my-finetune-v2", usage(1_000_000, 0, 1_000_000), overrides).costUsd).toBe(0.5);
  });

  it("gives an unknown model cost 0 with priced: false", () => {
    expect(costUsd("mistral-large", usage(1_000, 1_000))).toEqual({ costUsd: 0, priced: false });
  });

  it("reads LLM_PRICING_JSON from the configuration, naming a bad value", () => {
    const json = JSON.stringify({ "gpt-4o": { inputPerMillion: 1, outputPerMillion: 2 } });
    expect(loadConfig({ LLM_PRICING_JSON: json }).LLM_PRICING_JSON).toEqual({
      "gpt-4o": { inputPerMillion: 1, outputPerMillion: 2 },
    });
    expect(loadConfig({}).LLM_PRICING_JSON).toEqual({});
    expect(() => loadConfig({ LLM_PRICING_JSON: "{nope" })).toThrow(/LLM_PRICING_JSON: must be valid JSON/);
    expect(() =>
      loadConfig({ LLM_PRICING_JSON: '{"m": {"inputPerMillion": -1, "outputPerMillion": 1}}' }),
    ).toThrow(/LLM_PRICING_JSON/);
  });
});
