import { monotonicFactory } from "ulid";
import type { LlmProvider, LlmUsage, ProviderName } from "../domain/llm-call";
import { costUsd } from "../domain/pricing";
import type { Deps } from "../ports/deps";
import { createToolCaller } from "../remote-tools/call-remote-tool";
import { createToolFinder } from "../remote-tools/manage-tools";
import { createLlmExecutor } from "./llm-step";
import { createCredentialLoader } from "./provider-credentials";
import { createProviders, defaultModel } from "./resolve-provider";

/**
 * Assembles the llm step and the remote-tool access it shares with the `remote_tool` handler, from the
 * process's dependencies. `providers` defaults to the real adapters (pointed at *_BASE_URL when set).
 */
export function buildLlmSteps(
  deps: Pick<Deps, "config" | "store" | "keyVault" | "http" | "clock" | "feed">,
  providers: Partial<Record<ProviderName, LlmProvider>> = createProviders(deps.config),
) {
  const remoteTools = { find: createToolFinder(deps), call: createToolCaller(deps) };
  const nextUlid = monotonicFactory();
  const llm = createLlmExecutor({
    ...workspaceModels(deps),
    providers,
    callTool: remoteTools.call,
    timeoutMs: deps.config.LLM_TIMEOUT_MS,
    costId: () => nextUlid().toLowerCase(),
    workspaceBudgets: deps.store.workspaceBudgets,
    llmCache: deps.store.llmCache,
    ...(deps.feed && {
      forwardToken: ({ workspaceId, runId, ...token }) =>
        deps.feed?.publish(workspaceId, runId, { kind: "token", ...token }),
    }),
  });
  return { llm, remoteTools };
}

/** What both the llm step and the dry run look up: keys, tools, prices and default models. */
export function workspaceModels(deps: Pick<Deps, "config" | "store" | "keyVault" | "clock">) {
  return {
    loadCredentials: createCredentialLoader(deps, deps.config),
    findTool: createToolFinder(deps),
    price: (model: string, usage: LlmUsage) => costUsd(model, usage, deps.config.LLM_PRICING_JSON),
    defaultModel: (provider: ProviderName) => defaultModel(deps.config, provider),
    clock: deps.clock,
  };
}
