import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LocalService, startLocalService } from "../../test/helpers/local-service";
import { ApiClient, signUp } from "./cost-workloads";
import type { DynamoLocalTarget } from "./dynamo-local-target";

/** What the creation bench creates runs in: `npm start` on a DynamoDB endpoint it is given, and a workspace. */

export async function startService(dynamoEndpoint: string, cleanups: DynamoLocalTarget["cleanups"]) {
  const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-creation-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const service = await startLocalService({
    DATA_DIR: dataDir,
    DYNAMODB_ENDPOINT: dynamoEndpoint,
    TABLE_NAME: "weft",
    // Out of reach, so it never refuses; it still makes its DynamoDB write per request, as in production.
    RATE_LIMIT_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
  });
  cleanups.push(() => service.stop("SIGTERM"));
  return service;
}

export async function newWorkspace(service: LocalService, label: string) {
  const api = new ApiClient(service.url);
  const workspace = await signUp(api, label);
  const definition = await api.call<{ id: string }>("POST", "/v1/workflow-definitions", workspace.apiKey, {
    name: "creation burst",
    version: "1",
    steps: [{ name: "only", type: "task", handler: "noop" }],
  });
  return { api, workspace, definitionId: definition.id };
}
