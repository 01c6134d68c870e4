import { monotonicFactory } from "ulid";
import type { LlmProvider, ProviderName } from "../domain/llm-call";
import { loadOnce } from "../domain/load-once";
import type { AgentStep, LlmStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";
import type { Deps } from "../ports/deps";
import { createToolCaller } from "../remote-tools/call-remote-tool";
import { createToolFinder } from "../remote-tools/find-tool";
import type { LlmExecutorDeps } from "./model-session";
import { createProviders } from "./resolve-provider";
import { workspaceModels } from "./workspace-models";

/**
 * Assembles the llm and agent steps and the remote-tool access they share with the `remote_tool` handler,
 * from the process's dependencies. `providers` defaults to the real adapters (pointed at *_BASE_URL when set).
 */
export function buildLlmSteps(
  deps: Pick<Deps, "config" | "store" | "keyVault" | "http" | "clock" | "feed" | "blobs">,
  providers: Partial<Record<ProviderName, LlmProvider>> = createProviders(deps.config),
) {
  const remoteTools = { find: createToolFinder(deps), call: createToolCaller(deps) };
  const nextUlid = monotonicFactory();
  // The llm step's code is imported on the process's first llm step, not at a cold start of the worker.
  const executorDeps: LlmExecutorDeps = {
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
  };
  const executor = loadOnce(async () => (await import("./llm-step")).createLlmExecutor(executorDeps));
  const llm: StepExecutor<LlmStep> = async (context) => (await executor())(context);
  const agentExecutor = loadOnce(async () =>
    (await import("./agent-executor")).createAgentExecutor({
      ...executorDeps,
      blobs: deps.blobs,
      threads: deps.store.threads,
      unitId: () => nextUlid().toLowerCase(),
    }),
  );
  const agent: StepExecutor<AgentStep> = async (context) => (await agentExecutor())(context);
  return { models: { llm, agent }, remoteTools };
}
