import { describe, expect, it } from "vitest";
import { planDays } from "../../../core/cost/cost-summary";
import { roundUsd } from "../../../core/domain/cost-record";
import { costUsd } from "../../../core/domain/pricing";
import { AttemptLog } from "../../../core/llm/attempt-log";

const at = (iso: string) => Date.parse(iso);

describe("planDays: whole days from rollups, partial edge days from records", () => {
  it("reads a range of whole days from the rollups alone", () => {
    expect(planDays(at("2026-03-01T00:00:00.000Z"), at("2026-03-31T23:59:59.999Z"))).toEqual({
      whole: { from: "2026-03-01", to: "2026-03-31" },
      edges: [],
    });
  });

  it("reads partial first and last days from their records", () => {
    expect(planDays(at("2026-03-01T12:00:00.000Z"), at("2026-03-05T08:00:00.000Z"))).toEqual({
      whole: { from: "2026-03-02", to: "2026-03-04" },
      edges: ["2026-03-01", "2026-03-05"],
    });
  });

  it("handles ranges within one day and over two partial days", () => {
    expect(planDays(at("2026-03-01T01:00:00.000Z"), at("2026-03-01T02:00:00.000Z"))).toEqual({
      edges: ["2026-03-01"],
    });
    expect(planDays(at("2026-03-01T00:00:00.000Z"), at("2026-03-01T23:59:59.999Z"))).toEqual({
      whole: { from: "2026-03-01", to: "2026-03-01" },
      edges: [],
    });
    expect(planDays(at("2026-03-01T23:00:00.000Z"), at("2026-03-02T01:00:00.000Z"))).toEqual({
      edges: ["2026-03-01", "2026-03-02"],
    });
    expect(planDays(at("2026-03-02T00:00:00.000Z"), at("2026-03-01T00:00:00.000Z"))).toEqual({ edges: [] });
  });
});

describe("cost of calls", () => {
  it("prices input, cached input and output at the model's rates", () => {
    // gpt-4o: $2.50 / M input, $1.25 / M cached input, $10 / M output
    expect(costUsd("gpt-4o", { inputTokens: 10_000, cachedInputTokens: 4_000, outputTokens: 1_000 })).toEqual(
      {
        costUsd: 0.015 + 0.005 + 0.01,
        priced: true,
      },
    );
    expect(costUsd("unknown-model", { inputTokens: 10, cachedInputTokens: 0, outputTokens: 1 })).toEqual({
      costUsd: 0,
      priced: false,
    });
  });

  it("sums an attempt's calls without float noise", () => {
    const log = new AttemptLog("s", []);
    for (const costUsd of [0.1, 0.2, 0.000000001]) {
      log.calls.push({
        stepName: "s",
        model: "gpt-4o",
        provider: "openai",
        inputTokens: 1,
        outputTokens: 2,
        costUsd,
        createdAt: "2026-03-01T00:00:00.000Z",
      });
    }
    expect(log.totals()).toEqual({ inputTokens: 3, outputTokens: 6, costUsd: 0.300000001 });
    expect(roundUsd(0.1 + 0.2)).toBe(0.3);
  });
});
