import { monotonicFactory } from "ulid";
import type { LlmProvider, ProviderName } from "../domain/llm-call";
import { loadOnce } from "../domain/load-once";
import type { LlmStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";
import type { Deps } from "../ports/deps";
import { createToolCaller } from "../remote-tools/call-remote-tool";
import { createToolFinder } from "../remote-tools/find-tool";
import { createProviders } from "./resolve-provider";
import { workspaceModels } from "./workspace-models";

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
  // The llm step's code is imported on the process's first llm step, not at a cold start of the worker.
  const executor = loadOnce(async () =>
    (await import("./llm-step")).createLlmExecutor({
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
    }),
  );
  const llm: StepExecutor<LlmStep> = async (context) => (await executor())(context);
  return { llm, remoteTools };
}
