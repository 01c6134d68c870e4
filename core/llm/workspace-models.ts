import type { LlmUsage, ProviderName } from "../domain/llm-call";
import { costUsd } from "../domain/pricing";
import { createMcpAccess } from "../mcp-servers/mcp-access";
import type { Deps } from "../ports/deps";
import { createToolFinder } from "../remote-tools/find-tool";
import { createCredentialLoader } from "./provider-credentials";
import { defaultModel } from "./resolve-provider";

/** What both the llm step and the dry run look up: keys, tools (remote ones, MCP servers'), prices and default models. */
export function workspaceModels(deps: Pick<Deps, "config" | "store" | "keyVault" | "clock" | "http">) {
  return {
    loadCredentials: createCredentialLoader(deps, deps.config),
    findTool: createToolFinder(deps),
    mcp: createMcpAccess(deps),
    price: (model: string, usage: LlmUsage) => costUsd(model, usage, deps.config.LLM_PRICING_JSON),
    defaultModel: (provider: ProviderName) => defaultModel(deps.config, provider),
    clock: deps.clock,
  };
}
