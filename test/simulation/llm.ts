/**
 * The llm step as an actor of the simulation runs it: the engine's own executor and the real OpenAI adapter
 * (the official SDK), whose HTTP goes in-process to the development model (core/adapters/local/dev-model), each model
 * call a gate of the actor's, so a worker may die before it, or after it paid for the call and before
 * anything recorded it. The workspace uses the server's key; it has no budget, no cache and no tools.
 */

import { createDevModelApp, devModelBaseUrls } from "../../core/adapters/local/dev-model/app";
import type { ProviderName } from "../../core/domain/llm-call";
import { costUsd } from "../../core/domain/pricing";
import type { LlmStep } from "../../core/domain/step";
import type { StepExecutor } from "../../core/domain/step-context";
import { createLlmExecutor } from "../../core/llm/llm-step";
import { createOpenAiProvider } from "../../core/llm/providers/openai";
import type { Clock } from "../../core/ports/clock";
import type { Actor, Interleaver } from "./interleaver";

export const SIM_MODEL = "gpt-4o-mini";
const ORIGIN = "http://dev-model.simulation";
const devModel = createDevModelApp();

function absent(what: string): never {
  throw new Error(`the simulation has no ${what}`);
}

export function simulatedLlm(
  inter: Interleaver,
  actor: Actor,
  costId: () => string,
  clock: Clock,
): StepExecutor<LlmStep> {
  const openai = createOpenAiProvider({
    baseUrl: devModelBaseUrls(ORIGIN).OPENAI_BASE_URL,
    fetch: (input, init) =>
      inter.call(actor, "llm.call", async () => devModel.fetch(new Request(input, init))),
  });
  return createLlmExecutor({
    providers: { openai },
    loadCredentials: async () => ({ keys: { openai: "sk-simulation" }, fallbackProviders: [] }),
    findTool: async () => absent("remote tools"),
    callTool: async () => absent("remote tools"),
    price: (model, usage) => costUsd(model, usage),
    defaultModel: (_provider: ProviderName) => SIM_MODEL,
    clock,
    timeoutMs: 30_000,
    costId,
    workspaceBudgets: {
      get: async () => undefined,
      claim: async () => absent("workspace budgets"),
      settle: async () => absent("workspace budgets"),
      markWarned: async () => absent("workspace budgets"),
      ledger: async () => absent("workspace budgets"),
    },
    llmCache: { get: async () => absent("response cache"), put: async () => absent("response cache") },
  });
}
