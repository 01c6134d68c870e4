/**
 * The llm and agent steps as an actor of the simulation runs them: the engine's own executors and the real
 * OpenAI adapter (the official SDK), whose HTTP goes in-process to the development model
 * (core/adapters/local/dev-model), each model call a gate of the actor's, so a worker may die before it, or
 * after it paid for the call and before anything recorded it. The workspace uses the server's key; it has
 * no budget and no cache. Its one tool (agent-tools.ts) and the agent's blob store are gated the same way.
 */

import { createDevModelApp, devModelBaseUrls } from "../../core/adapters/local/dev-model/app";
import type { ProviderName } from "../../core/domain/llm-call";
import { costUsd } from "../../core/domain/pricing";
import type { AgentStep, LlmStep } from "../../core/domain/step";
import type { StepExecutor } from "../../core/domain/step-context";
import { createAgentExecutor } from "../../core/llm/agent-executor";
import type { ThreadAccess } from "../../core/llm/agent-thread";
import { createLlmExecutor } from "../../core/llm/llm-step";
import type { LlmExecutorDeps } from "../../core/llm/model-session";
import { createOpenAiProvider } from "../../core/llm/providers/openai";
import type { BlobStore } from "../../core/ports/blob-store";
import type { Clock } from "../../core/ports/clock";
import { noMcpServers } from "../helpers/no-mcp";
import type { ToolRecorder } from "./agent-tools";
import type { Actor, Interleaver } from "./interleaver";

export const SIM_MODEL = "gpt-4o-mini";
const ORIGIN = "http://dev-model.simulation";
const devModel = createDevModelApp();

function absent(what: string): never {
  throw new Error(`the simulation has no ${what}`);
}

export interface SimulatedModels {
  llm: StepExecutor<LlmStep>;
  agent: StepExecutor<AgentStep>;
}

export function simulatedModels(
  inter: Interleaver,
  actor: Actor,
  world: { clock: Clock; blobs: BlobStore; tools: ToolRecorder },
  ids: { costId: () => string; unitId: () => string },
): SimulatedModels {
  const openai = createOpenAiProvider({
    baseUrl: devModelBaseUrls(ORIGIN).OPENAI_BASE_URL,
    fetch: (input, init) =>
      inter.call(actor, "llm.call", async () => devModel.fetch(new Request(input, init))),
  });
  const deps: LlmExecutorDeps = {
    providers: { openai },
    loadCredentials: async () => ({ keys: { openai: "sk-simulation" }, fallbackProviders: [] }),
    findTool: world.tools.find,
    callTool: world.tools.callerFor(inter, actor),
    mcp: noMcpServers,
    price: (model, usage) => costUsd(model, usage),
    defaultModel: (_provider: ProviderName) => SIM_MODEL,
    clock: world.clock,
    timeoutMs: 30_000,
    costId: ids.costId,
    workspaceBudgets: {
      get: async () => undefined,
      claim: async () => absent("workspace budgets"),
      settle: async () => absent("workspace budgets"),
      markWarned: async () => absent("workspace budgets"),
      ledger: async () => absent("workspace budgets"),
    },
    llmCache: { get: async () => absent("response cache"), put: async () => absent("response cache") },
  };
  const blobs: BlobStore = {
    put: (key, content) => inter.call(actor, "blobs.put", () => world.blobs.put(key, content)),
    get: (key) => inter.call(actor, "blobs.get", () => world.blobs.get(key)),
    delete: (key) => inter.call(actor, "blobs.delete", () => world.blobs.delete(key)),
  };
  return {
    llm: createLlmExecutor(deps),
    agent: createAgentExecutor({ ...deps, blobs, threads: UNSIMULATED_THREADS, unitId: ids.unitId }),
  };
}

/** The workload's agent steps name no thread (workload-steps.ts): one that did would fail here, loudly. */
const unsimulated = async (): Promise<never> => {
  throw new Error("threads are not part of the simulation's workload");
};
const UNSIMULATED_THREADS: ThreadAccess = {
  size: unsimulated,
  range: unsimulated,
  append: unsimulated,
  latestSummary: unsimulated,
  putSummary: unsimulated,
};
