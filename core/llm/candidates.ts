import { contextWindow } from "../domain/context-windows";
import type { ProviderName } from "../domain/llm-call";
import type { LlmErrorClass } from "../domain/llm-errors";
import { providerForModel } from "./resolve-provider";

/** One model to try, on the provider its name resolves to. */
export interface Candidate {
  model: string;
  provider: ProviderName;
}

export type CandidatePlan = { ok: true; candidates: Candidate[] } | { ok: false; error: string };

const KNOWN_PREFIXES = "gpt-, o1-, o3-, o4-, claude-, gemini-";

/**
 * The order of attempts ("Model provider selection"): the primary model, then each of `fallbackModels` in
 * order, then every other enabled workspace provider, ascending priority, with that provider's default
 * model. "Other" means a provider none of the named models resolved to: a provider already tried with the
 * model the author chose is not tried again with a default one. A model named twice is tried once.
 *
 * Every named model must resolve: an unknown prefix fails the whole attempt up front (a provider-resolution
 * error), rather than surfacing only when, some day, the primary fails and the fallback is reached.
 */
export function planCandidates(
  step: { model: string; fallbackModels?: readonly string[] | undefined },
  fallbackProviders: readonly ProviderName[],
  defaultModel: (provider: ProviderName) => string,
): CandidatePlan {
  const candidates: Candidate[] = [];
  for (const model of [step.model, ...(step.fallbackModels ?? [])]) {
    const provider = providerForModel(model);
    if (!provider) {
      return {
        ok: false,
        error: `Provider resolution failed: model "${model}" has no known prefix (${KNOWN_PREFIXES})`,
      };
    }
    if (!candidates.some((candidate) => candidate.model === model)) candidates.push({ model, provider });
  }
  for (const provider of fallbackProviders) {
    if (candidates.some((candidate) => candidate.provider === provider)) continue;
    candidates.push({ model: defaultModel(provider), provider });
  }
  return { ok: true, candidates };
}

/**
 * After candidate `failed` failed with `errorClass`, the index of the candidate to try next, if any: the
 * next one when the class is in the step's `fallbackOn` (or the provider had no key); after a
 * context-length error outside `fallbackOn`, the next one whose known window is larger than the failed
 * model's; otherwise none, and the step fails with this error.
 */
export function nextCandidate(
  candidates: readonly Candidate[],
  failed: number,
  errorClass: LlmErrorClass | "unavailable",
  fallbackOn: readonly LlmErrorClass[],
): number | undefined {
  const next = failed + 1 < candidates.length ? failed + 1 : undefined;
  if (errorClass === "unavailable" || fallbackOn.includes(errorClass)) return next;
  if (errorClass !== "context_length") return undefined;
  const window = contextWindow(candidates[failed]?.model ?? "");
  if (window === undefined) return undefined;
  const larger = candidates.findIndex(
    (candidate, index) => index > failed && (contextWindow(candidate.model) ?? 0) > window,
  );
  return larger === -1 ? undefined : larger;
}
