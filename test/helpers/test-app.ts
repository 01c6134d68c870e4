import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { createApp } from "../../core/api/app";
import { type Config, loadConfig } from "../../core/config";
import { createIdGenerator } from "../../core/ids";
import { silentLogger } from "../../core/log/pino-logger";
import type { Deps } from "../../core/ports/deps";
import { ensureTable } from "../../core/store/create-table";
import { createDocumentClient, createDynamoClient } from "../../core/store/dynamo-client";
import { createStore } from "../../core/store/store";
import { ManualClock } from "./manual-clock";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  clock: ManualClock;
  /** Sends a request as a client would; JSON bodies are serialised and typed as JSON. */
  request(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
}

/** The real app on its own fresh table in the test run's DynamoDB Local. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config: Config = loadConfig({ TABLE_NAME: `test-${randomBytes(6).toString("hex")}`, ...env });
  const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
  await ensureTable(dynamo, config.TABLE_NAME);
  const clock = new ManualClock();
  const deps: Deps = {
    config,
    log: silentLogger,
    clock,
    ids: createIdGenerator(),
    store: createStore({ client: createDocumentClient(dynamo), name: config.TABLE_NAME }),
  };
  const app = createApp(deps, { clientAddress: () => "203.0.113.7" });
  return {
    app,
    deps,
    clock,
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
  };
}
