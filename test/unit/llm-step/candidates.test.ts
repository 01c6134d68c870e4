import { describe, expect, it } from "vitest";
import type { ProviderName } from "../../../core/domain/llm-call";
import { planCandidates } from "../../../core/llm/candidates";

const defaults = (provider: ProviderName) =>
  ({ openai: "gpt-default", anthropic: "claude-default", google: "gemini-default" })[provider];

describe("planCandidates (Model provider selection)", () => {
  it.each([
    ["gpt-4o", "openai"],
    ["o1-mini", "openai"],
    ["o3-mini", "openai"],
    ["o4-mini", "openai"],
    ["claude-sonnet-4-5", "anthropic"],
    ["gemini-2.5-pro", "google"],
  ])("resolves %s to %s by its prefix", (model, provider) => {
    expect(planCandidates({ model }, [], defaults)).toEqual({ ok: true, candidates: [{ model, provider }] });
  });

  it.each(["llama-3", "o3", "GPT-4o", "mistral-large", "gpt4"])(
    "fails %s with a provider-resolution error",
    (model) => {
      const plan = planCandidates({ model }, [], defaults);
      expect(plan.ok).toBe(false);
      if (!plan.ok) expect(plan.error).toMatch(/^Provider resolution failed: model ".+" has no known prefix/);
    },
  );

  it("fails up front when a fallback model has an unknown prefix", () => {
    const plan = planCandidates(
      { model: "gpt-4o", fallbackModels: ["claude-haiku-4-5", "llama-3"] },
      [],
      defaults,
    );
    expect(plan).toEqual({ ok: false, error: expect.stringContaining('"llama-3"') });
  });

  it("orders primary, then fallbackModels in order, then other workspace providers by ascending priority", () => {
    const plan = planCandidates(
      { model: "gpt-4o", fallbackModels: ["gpt-4o-mini"] },
      ["google", "anthropic", "openai"],
      defaults,
    );
    expect(plan).toEqual({
      ok: true,
      candidates: [
        { model: "gpt-4o", provider: "openai" },
        { model: "gpt-4o-mini", provider: "openai" },
        { model: "gemini-default", provider: "google" },
        { model: "claude-default", provider: "anthropic" },
      ],
    });
  });

  it("does not add a provider's default model when a named model already uses that provider", () => {
    const plan = planCandidates({ model: "claude-haiku-4-5" }, ["anthropic", "openai"], defaults);
    expect(plan.ok && plan.candidates.map((candidate) => candidate.model)).toEqual([
      "claude-haiku-4-5",
      "gpt-default",
    ]);
  });

  it("tries a model named twice only once", () => {
    const plan = planCandidates(
      { model: "gpt-4o", fallbackModels: ["gpt-4o", "claude-haiku-4-5"] },
      [],
      defaults,
    );
    expect(plan.ok && plan.candidates.map((candidate) => candidate.model)).toEqual([
      "gpt-4o",
      "claude-haiku-4-5",
    ]);
  });
});
