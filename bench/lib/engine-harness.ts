import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStore } from "../../core/adapters/dynamodb/store";
import { ensureTable } from "../../core/adapters/dynamodb/table/create-table";
import { createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { AesKeyVault } from "../../core/adapters/local/aes-key-vault";
import { startDynamoDbLocal } from "../../core/adapters/local/dynamodb-local";
import { FileBlobStore } from "../../core/adapters/local/file-blob-store";
import { createPinoLogger } from "../../core/adapters/log/pino-logger";
import { loadConfig } from "../../core/config";
import type { LlmProvider, ProviderName } from "../../core/domain/llm-call";
import { createProviders } from "../../core/llm/resolve-provider";
import { systemClock } from "../../core/ports/clock";
import type { Deps } from "../../core/ports/deps";
import type { TaskHandler } from "../../core/steps/handlers/task-handler";
import type { EngineWorker } from "../../functions/advancer";
import { buildAdvancer } from "../../functions/advancer";
import { buildDeps } from "../../functions/deps";
import { createLocalTransport } from "../../functions/local-engine";
import { cleanupStack } from "./cleanups";
import { meterDynamo } from "./dynamo-meter";
import { countingQueue, countingScheduler, heldQueue, timedAdvancer } from "./engine-meters";
import { Tally } from "./tally";

/**
 * The local service's engine, assembled in this process the way functions/local.ts does it (DynamoDB Local
 * persisted under a data directory, the table, the in-process queue with WORKER_CONCURRENCY workers), with
 * meters on the DynamoDB client, the queue, the scheduler and the advancer. In process rather than as a
 * child, so every request and every worker invocation can be counted.
 */
export interface EngineHarness {
  deps: Deps;
  tally: Tally;
  dynamoEndpoint: string;
  /**
   * Delivers the doorbells held since the harness started or since holdWorkers(), and every later one at
   * once. Unlike the local transport's start() it runs no sweeper: the start-up sweep would only re-ring runs
   * the bench has just rung, and the periodic one costs per shard and interval, not per step.
   */
  releaseWorkers(): Promise<void>;
  /** Holds every doorbell sent from now on until releaseWorkers(); call it when the engine is idle. */
  holdWorkers(): void;
  /** Resolves when nothing is queued, running, or waiting on a queue delay. */
  idle(): Promise<void>;
  /** Stops the workers, DynamoDB Local, and removes the data directory; safe to call more than once. */
  stop(): Promise<void>;
}

export interface EngineHarnessOptions {
  concurrency: number;
  /** Task handlers beyond the built-in ones, as a self-hoster registers them (each has side effects). */
  customHandlers?: Record<string, TaskHandler>;
  /** Settings beyond the harness's own (e.g. a provider's base URL and key). */
  env?: Record<string, string>;
  /** Wraps the configured model providers, e.g. with a timer. */
  wrapProviders?: (
    providers: Record<ProviderName, LlmProvider>,
    tally: Tally,
  ) => Partial<Record<ProviderName, LlmProvider>>;
  /** Wraps each worker invocation, after the harness's own meter. */
  wrapWorker?: (advance: EngineWorker) => EngineWorker;
}

export async function startEngineHarness(options: EngineHarnessOptions): Promise<EngineHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-engine-"));
  const cleanups = cleanupStack();
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const stop = cleanups.stop;

  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      TABLE_NAME: "weft",
      WORKER_CONCURRENCY: String(options.concurrency),
      LOG_LEVEL: "warn",
      ...options.env,
    });
    const dynamoLocal = await startDynamoDbLocal({ dataDir });
    cleanups.push(() => dynamoLocal.stop());
    const dynamo = createDynamoClient({ region: config.AWS_REGION, endpoint: dynamoLocal.endpoint });
    cleanups.push(() => dynamo.destroy());
    const tally = new Tally();
    meterDynamo(dynamo, tally);
    await ensureTable(dynamo, config.TABLE_NAME);

    const log = createPinoLogger({ level: config.LOG_LEVEL });
    const transport = createLocalTransport({
      concurrency: config.WORKER_CONCURRENCY,
      log,
      clock: systemClock,
    });
    cleanups.push(() => transport.stop());
    const gate = heldQueue(transport.queue);
    const deps = buildDeps(
      config,
      log,
      {
        dynamo,
        queue: countingQueue(gate.queue, tally),
        runEventQueue: transport.runEventQueue,
        scheduler: countingScheduler(transport.scheduler, tally),
        keyVault: new AesKeyVault(randomBytes(32)),
        blobs: new FileBlobStore(join(dataDir, "blobs")),
        clock: systemClock,
      },
      createStore,
    );
    const providers = options.wrapProviders?.(createProviders(config), tally);
    const advancer = timedAdvancer(
      buildAdvancer(deps, { customHandlers: options.customHandlers, providers }),
      tally,
    );
    transport.queue.start(options.wrapWorker ? options.wrapWorker(advancer) : advancer);
    return {
      deps,
      tally,
      dynamoEndpoint: dynamoLocal.endpoint,
      releaseWorkers: gate.release,
      holdWorkers: gate.hold,
      idle: () => transport.queue.idle(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
