import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createStore } from "../core/adapters/dynamodb/store";
import { ensureTable } from "../core/adapters/dynamodb/table/create-table";
import { createDynamoClient } from "../core/adapters/dynamodb/table/dynamo-client";
import { AesKeyVault } from "../core/adapters/local/aes-key-vault";
import { startDynamoDbLocal } from "../core/adapters/local/dynamodb-local";
import { FileBlobStore } from "../core/adapters/local/file-blob-store";
import { loadMasterKey } from "../core/adapters/local/master-key";
import { createPinoLogger } from "../core/adapters/log/pino-logger";
import { createApp } from "../core/api/app";
import { loadConfig } from "../core/config";
import { systemClock } from "../core/ports/clock";
import { buildDeps } from "./deps";
import { startDevModels } from "./dev-models";
import { DataDirInUseError, lockDataDir } from "./local-data-dir-lock";
import { createLocalTransport } from "./local-engine";
import { listenEarly } from "./local-http-server";
import { localTelemetry } from "./local-telemetry";

/**
 * `npm start`: the whole service in one process: the API, the engine's in-process queue, timers and sweeper,
 * and DynamoDB Local as a child persisted under DATA_DIR (unless DYNAMODB_ENDPOINT names another DynamoDB);
 * the table is created when missing.
 */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const devModelsFlag = process.argv.includes("--dev-models") ? { DEV_MODELS: "true" } : {};
  const devModels = await startDevModels(loadConfig({ ...process.env, ...devModelsFlag }));
  const { config } = devModels;
  const log = createPinoLogger({ level: config.LOG_LEVEL });
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // Before anything else touches DATA_DIR: a second start there must leave the first one's files and JVM be.
  const lock = await lockDataDir(dataDir);

  const { server, port, serve } = await listenEarly(config.PORT);
  const dynamoLocal = config.DYNAMODB_ENDPOINT
    ? undefined
    : await startDynamoDbLocal({ dataDir, port: config.DYNAMODB_LOCAL_PORT, excludePorts: [port] });
  const endpoint = config.DYNAMODB_ENDPOINT ?? dynamoLocal?.endpoint;
  const dynamo = createDynamoClient({ region: config.AWS_REGION, endpoint });
  const created = await ensureTable(dynamo, config.TABLE_NAME);
  log.info({ table: config.TABLE_NAME, endpoint, created: created === "created" }, "table ready");

  const transport = createLocalTransport({ concurrency: config.WORKER_CONCURRENCY, log, clock: systemClock });
  const keyVault = new AesKeyVault(loadMasterKey({ masterKey: config.MASTER_KEY, dataDir }));
  const telemetry = localTelemetry(config);
  const deps = buildDeps(
    config,
    log,
    {
      dynamo,
      ...transport,
      keyVault,
      blobs: new FileBlobStore(join(dataDir, "blobs")),
      clock: systemClock,
      telemetry,
    },
    createStore,
  );
  await transport.start(deps);
  const app = createApp(deps, { clientAddress: (c) => getConnInfo(c).remote.address });
  serve(app.fetch);
  const url = `http://localhost:${port}`;
  lock.describe({ url });
  log.info({ url, dataDir, devModels: config.DEV_MODELS }, "listening");
  process.stdout.write(`Weft is listening on ${url}\n`);
  if (config.DEV_MODELS)
    process.stdout.write(
      "DEV_MODELS: llm steps are answered by the local development model, no key needed\n",
    );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // close() stops accepting connections and waits for requests in flight; the timer caps a stuck one.
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await transport.stop();
      await telemetry.flush();
      dynamo.destroy();
      await dynamoLocal?.stop();
      await devModels.close();
      await lock.release();
      log.info({}, "stopped");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) process.stderr.write(`Weft did not start: ${error.message}\n`);
  else
    process.stderr.write(`Weft failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
