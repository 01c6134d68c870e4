import { randomUUID } from "node:crypto";
import type { Config } from "../core/config";
import { createRunAdvancer } from "../core/engine/advance-run";
import { createDefinitionCache } from "../core/engine/definition-cache";
import { createGuardedHttp } from "../core/http/guarded-http";
import { createIdGenerator } from "../core/ids";
import { buildLlmSteps } from "../core/llm/build-llm-step";
import type { Clock } from "../core/ports/clock";
import type { Deps } from "../core/ports/deps";
import type { KeyVault } from "../core/ports/key-vault";
import type { Logger } from "../core/ports/logger";
import type { Queue } from "../core/ports/queue";
import type { Scheduler } from "../core/ports/scheduler";
import { createHandlerRegistry } from "../core/steps/handlers/registry";
import type { TaskHandler } from "../core/steps/handlers/task-handler";
import { createStepRunner } from "../core/steps/registry";
import { createDocumentClient, type createDynamoClient } from "../core/store/dynamo-client";
import { createStore } from "../core/store/store";
import type { WebhookMessage } from "../core/webhooks/messages";

/** What a composition root chooses: where DynamoDB is, how messages and timers travel, what time it is. */
export interface Platform {
  dynamo: ReturnType<typeof createDynamoClient>;
  queue: Queue;
  webhookQueue: Queue<WebhookMessage>;
  scheduler: Scheduler;
  keyVault: KeyVault;
  clock: Clock;
}

/** The dependencies every composition root assembles the same way from its platform. */
export function buildDeps(config: Config, log: Logger, platform: Platform): Deps {
  const table = { client: createDocumentClient(platform.dynamo), name: config.TABLE_NAME };
  return {
    config,
    log,
    store: createStore(table),
    clock: platform.clock,
    ids: createIdGenerator(),
    queue: platform.queue,
    webhookQueue: platform.webhookQueue,
    scheduler: platform.scheduler,
    keyVault: platform.keyVault,
    http: createGuardedHttp({ allowPrivate: config.ALLOW_PRIVATE_URLS }),
  };
}

/**
 * The engine of one process. Self-hosters add task handlers here (`customHandlers`);
 * `takeOverLeasesGrantedBeforeMs` is for the local service only, where one process serves its data directory.
 */
export function buildAdvancer(
  deps: Deps,
  options: { takeOverLeasesGrantedBeforeMs?: number; customHandlers?: Record<string, TaskHandler> } = {},
) {
  const llmSteps = buildLlmSteps(deps);
  return createRunAdvancer({
    deps,
    steps: createStepRunner(
      createHandlerRegistry({ http: deps.http, remoteTools: llmSteps.remoteTools }, options.customHandlers),
      llmSteps.llm,
    ),
    definitionSteps: createDefinitionCache(deps.store),
    processId: randomUUID(),
    takeOverLeasesGrantedBeforeMs: options.takeOverLeasesGrantedBeforeMs,
  });
}
