import { randomUUID } from "node:crypto";
import type { LlmProvider, ProviderName } from "../core/domain/llm-call";
import type { EngineMessage } from "../core/domain/run-messages";
import { createRunAdvancer } from "../core/engine/advance-run";
import { createDefinitionCache } from "../core/engine/definition-cache";
import { buildLlmSteps } from "../core/llm/build-llm-step";
import type { Deps } from "../core/ports/deps";
import { createHandlerRegistry } from "../core/steps/handlers/handler-registry";
import type { TaskHandler } from "../core/steps/handlers/task-handler";
import { createStepRunner } from "../core/steps/step-runner";
import { fireTrigger } from "../core/triggers/fire-trigger";

/*
 * Apart from functions/deps.ts, so that only the entries that run steps (the worker, the local service)
 * import the step runners and with them the three LLM SDKs: the API function's bundle stays without them.
 */

export interface AdvancerSettings {
  /** For the local service only, where one process serves its data directory. */
  takeOverLeasesGrantedBeforeMs?: number;
  /** For the local service only, whose timers die with its process (AdvancerOptions.rearmWakeUps). */
  rearmWakeUps?: boolean;
  /** Task handlers a self-hoster adds. */
  customHandlers?: Record<string, TaskHandler>;
  /** The model providers; by default the three SDK adapters configured from deps.config. */
  providers?: Partial<Record<ProviderName, LlmProvider>>;
}

/** What the step queue's consumer does with each message. */
export type EngineWorker = (message: EngineMessage) => Promise<void>;

/** The engine of one process: runs' doorbells to the advancer, cron triggers' fires to their handler. */
export function buildAdvancer(deps: Deps, options: AdvancerSettings = {}): EngineWorker {
  const llmSteps = buildLlmSteps(deps, options.providers);
  const advanceRun = createRunAdvancer({
    deps,
    steps: createStepRunner(
      createHandlerRegistry({ http: deps.http, remoteTools: llmSteps.remoteTools }, options.customHandlers),
      deps.store.definitions,
      llmSteps.models,
    ),
    definitionSteps: createDefinitionCache(deps.store),
    processId: randomUUID(),
    takeOverLeasesGrantedBeforeMs: options.takeOverLeasesGrantedBeforeMs,
    rearmWakeUps: options.rearmWakeUps,
  });
  return async function handleEngineMessage(message) {
    if (message.type === "trigger.fire") return fireTrigger(deps, message);
    return advanceRun(message);
  };
}
