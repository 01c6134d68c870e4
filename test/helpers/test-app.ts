import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { DestinationStream } from "pino";
import { afterAll, inject } from "vitest";
import { createStore } from "../../core/adapters/dynamodb/store";
import { ensureTable } from "../../core/adapters/dynamodb/table/create-table";
import { createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { AesKeyVault } from "../../core/adapters/local/aes-key-vault";
import { FileBlobStore } from "../../core/adapters/local/file-blob-store";
import { createPinoLogger, silentLogger } from "../../core/adapters/log/pino-logger";
import { createApp } from "../../core/api/app";
import { type Config, loadConfig } from "../../core/config";
import { sweepOverdueRuns } from "../../core/engine/sweeper";
import { type Clock, systemClock } from "../../core/ports/clock";
import type { Deps } from "../../core/ports/deps";
import { sweepRunEventOutbox } from "../../core/run-events/sweeper";
import { buildDeps } from "../../functions/deps";
import { startDevModels } from "../../functions/dev-models";
import { createLocalTransport } from "../../functions/local-engine";
import { localTelemetry } from "../../functions/local-telemetry";
import { ManualClock } from "./manual-clock";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  /** The app's clock: a ManualClock unless the app was made with `realTime`. */
  clock: ManualClock;
  /** Sends a request as a client would; JSON bodies are serialised and typed as JSON. */
  request(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Resolves once the engine has nothing queued, running or waiting on a queue delay. */
  idle(): Promise<void>;
  /** Runs the sweeper now, as the periodic one would, for runs due by the app's clock. */
  sweep(): Promise<number>;
  /** Resolves once the run-event queue has nothing queued, in flight, or waiting on a retry delay. */
  runEventsIdle(): Promise<void>;
  /** Runs the run-event sweeper now for outbox entries and attempts due by the app's clock. */
  sweepRunEvents(): Promise<number>;
  /** Stops the engine as a shutdown would (timers gone, messages in memory lost), before the file ends. */
  stop(): Promise<void>;
}

export interface TestAppOptions {
  /** The system clock, so engine tests can wait for real timers. */
  realTime?: boolean;
  /** Any other clock (a fast one), and how many of its ms pass per real one, for the timers. */
  clock?: { clock: Clock; clockMsPerMs: number };
  /** Called with the DynamoDB client before anything uses it: a test may add middleware (a fault) to it. */
  onDynamo?: (client: DynamoDBClient) => void;
  /** Where the service's log goes, at the config's LOG_LEVEL, as `npm start` writes it to stdout. */
  logTo?: DestinationStream;
}

/**
 * The real app and engine on a fresh table of the test run's DynamoDB Local: the local service's in-process
 * queue and timers, without the periodic sweeper (tests call `sweep()`). Engine tests that wait for real
 * timers pass `realTime: true`; the others get a ManualClock they move by hand.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  // As npm start does: with DEV_MODELS on, the providers are pointed at the development model.
  const devModels = await startDevModels(
    loadConfig({ TABLE_NAME: `test-${randomBytes(6).toString("hex")}`, ALLOW_PRIVATE_URLS: "true", ...env }),
  );
  afterAll(() => devModels.close());
  const config: Config = devModels.config;
  const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
  await ensureTable(dynamo, config.TABLE_NAME);
  options.onDynamo?.(dynamo);
  const manualClock = new ManualClock();
  const clock: Clock = options.clock?.clock ?? (options.realTime ? systemClock : manualClock);
  const log = options.logTo
    ? createPinoLogger({ level: config.LOG_LEVEL, destination: options.logTo })
    : process.env.TEST_LOG
      ? createPinoLogger({ level: "debug" })
      : silentLogger;
  const transport = createLocalTransport({
    concurrency: config.WORKER_CONCURRENCY,
    log,
    clock,
    clockMsPerMs: options.clock?.clockMsPerMs,
  });
  const keyVault = new AesKeyVault(randomBytes(32));
  const blobDir = mkdtempSync(join(tmpdir(), "weft-test-blobs-"));
  afterAll(() => rmSync(blobDir, { recursive: true, force: true }));
  const deps = buildDeps(
    config,
    log,
    {
      dynamo,
      ...transport,
      keyVault,
      blobs: new FileBlobStore(blobDir),
      clock,
      telemetry: localTelemetry(config),
    },
    createStore,
  );
  await transport.start(deps, { sweepIntervalMs: 0 });
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= transport.stop();
    return stopped;
  };
  afterAll(stop);
  const app = createApp(deps, { clientAddress: () => "203.0.113.7" });
  return {
    app,
    deps,
    clock: manualClock,
    request: (method, path, init = {}) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers: {
            ...(init.body === undefined ? {} : { "content-type": "application/json" }),
            ...init.headers,
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
      ),
    idle: () => transport.queue.idle(),
    sweep: () => sweepOverdueRuns(deps, { graceMs: 0 }),
    runEventsIdle: () => transport.runEventQueue.idle(),
    sweepRunEvents: () => sweepRunEventOutbox(deps, { graceMs: 0 }),
    stop,
  };
}
