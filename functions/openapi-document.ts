import { randomBytes } from "node:crypto";
import { createStore } from "../core/adapters/dynamodb/store";
import { createDynamoClient } from "../core/adapters/dynamodb/table/dynamo-client";
import { AesKeyVault } from "../core/adapters/local/aes-key-vault";
import { FileBlobStore } from "../core/adapters/local/file-blob-store";
import { silentLogger } from "../core/adapters/log/pino-logger";
import { createApp } from "../core/api/app";
import type { OpenApiDocument } from "../core/api/openapi-document";
import { loadConfig } from "../core/config";
import { systemClock } from "../core/ports/clock";
import { buildDeps } from "./deps";
import { createLocalTransport } from "./local-engine";

/**
 * The API's OpenAPI document as `/openapi.json` serves it at `origin`, built without a server, a table or
 * a network: the app is assembled over adapters it never calls. The typed client is generated from it.
 */
export async function openApiDocument(origin = "http://localhost:3000"): Promise<OpenApiDocument> {
  const config = loadConfig({});
  const transport = createLocalTransport({ concurrency: 1, log: silentLogger, clock: systemClock });
  const dynamo = createDynamoClient({ region: config.AWS_REGION, endpoint: "http://127.0.0.1:9" });
  const keyVault = new AesKeyVault(randomBytes(32));
  const deps = buildDeps(
    config,
    silentLogger,
    { dynamo, ...transport, keyVault, blobs: new FileBlobStore(config.DATA_DIR), clock: systemClock },
    createStore,
  );
  const app = createApp(deps, { clientAddress: () => undefined });
  const response = await app.request(new URL("/openapi.json", origin));
  return (await response.json()) as OpenApiDocument;
}
