import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createStore } from "../../../core/adapters/dynamodb/store";
import { createDynamoClient } from "../../../core/adapters/dynamodb/table/dynamo-client";
import { AesKeyVault } from "../../../core/adapters/local/aes-key-vault";
import { FileBlobStore } from "../../../core/adapters/local/file-blob-store";
import { silentLogger } from "../../../core/adapters/log/pino-logger";
import { PAGE_ROUTES, PUBLIC_ROUTES, WORKSPACE_ROUTES } from "../../../core/api/route-table";
import { linkKeys } from "../../../core/approvals/links/link-keys";
import { loadConfig } from "../../../core/config";
import { systemClock } from "../../../core/ports/clock";
import { buildDeps } from "../../../functions/deps";
import { createLocalTransport } from "../../../functions/local-engine";

/** The adapters a router is built over; building one calls none of them. */
function groupDeps() {
  const config = loadConfig({});
  const transport = createLocalTransport({ concurrency: 1, log: silentLogger, clock: systemClock });
  const dynamo = createDynamoClient({ region: config.AWS_REGION, endpoint: "http://127.0.0.1:9" });
  const platform = {
    dynamo,
    ...transport,
    keyVault: new AesKeyVault(randomBytes(32)),
    blobs: new FileBlobStore(config.DATA_DIR),
    clock: systemClock,
  };
  const deps = buildDeps(config, silentLogger, platform, createStore);
  return { deps, approvalKeys: linkKeys(deps), dashboardDir: undefined, clientAddress: () => undefined };
}

/** What a router serves, as "METHOD /path/{param}", each route once and in the order it declares them. */
function served(router: { routes: { method: string; path: string }[] }): string[] {
  const routes = router.routes.map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, "{$1}")}`);
  return [...new Set(routes)];
}

describe("the API's route table", () => {
  const groups = [...PAGE_ROUTES, ...PUBLIC_ROUTES, ...WORKSPACE_ROUTES];

  it.each(groups.map((group) => [group.name, group] as const))(
    "lists exactly the routes the %s group's router serves, in its order, when the group is loaded",
    async (_, group) => {
      expect(group.routes).toEqual(served(await group.load(groupDeps())));
    },
  );

  it("names each group once when listed", () => {
    const names = groups.map((group) => group.name);

    expect(new Set(names).size).toBe(names.length);
  });
});
