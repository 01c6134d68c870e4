import type { Config } from "../core/config";
import { createIdGenerator } from "../core/ids";
import { systemClock } from "../core/ports/clock";
import type { Deps } from "../core/ports/deps";
import type { Logger } from "../core/ports/logger";
import { createDocumentClient, type createDynamoClient } from "../core/store/dynamo-client";
import { createStore } from "../core/store/store";

/** The dependencies both composition roots share; each passes the DynamoDB client it connected. */
export function buildDeps(config: Config, log: Logger, dynamo: ReturnType<typeof createDynamoClient>): Deps {
  const table = { client: createDocumentClient(dynamo), name: config.TABLE_NAME };
  return { config, log, store: createStore(table), clock: systemClock, ids: createIdGenerator() };
}
