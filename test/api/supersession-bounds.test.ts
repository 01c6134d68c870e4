import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/dynamo-client";
import { keys } from "../../core/adapters/dynamodb/keys";
import { createRunListStore } from "../../core/adapters/dynamodb/run-lists";
import { createSupersessionLive } from "../../core/adapters/dynamodb/supersession-live";
import { ConflictError } from "../../core/domain/errors";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { createDefinition, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * What a supersession key's live runs may cost a creation (docs/limits.md): superseding writes them in the
 * creating transaction, so a key with more live runs than it holds is a 409 with nothing written, and finding
 * them through the key's index (a head that does not keep them) walks a bounded number of its runs.
 */
let t: TestApp;
let ws: SignedUp;
let definitionId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  ws = await signUp(t);
  const steps = [{ type: "external_event", name: "hold", signalType: "go" }];
  definitionId = (await createDefinition(t.request, ws.apiKey, steps, "held")).id;
});

const documents = () =>
  createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }));

const create = (supersessionKey: string, supersedeExisting = false) =>
  t.request("POST", "/v1/workflow-runs", {
    headers: withKey(ws.apiKey),
    body: { definitionId, supersessionKey, supersedeExisting },
  });

async function waitingRuns(supersessionKey: string, count: number): Promise<RunBody[]> {
  const runs: RunBody[] = [];
  for (let i = 0; i < count; i++)
    runs.push(await startRun(t.request, ws.apiKey, { definitionId, supersessionKey }));
  for (const run of runs) await waitForRun(t.request, ws.apiKey, run.id, withStatus("WAITING"));
  return runs;
}

const totalOf = async (query: Record<string, string> = {}) =>
  (await listRuns(t.request, ws.apiKey, query)).meta.total;

describe("superseding a key's live runs", () => {
  it("answers 409 and writes nothing when they are more than the creating write holds", async () => {
    await waitingRuns("crowd", 120);
    const before = await totalOf();

    const refused = await create("crowd", true);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("CONFLICT");
    expect(body.error.message).toMatch(
      /^Superseding the key's 120 live runs in the creating write would write/,
    );

    // No run, and the numbers it took given back: every list counts as before.
    expect(await totalOf()).toBe(before);
    expect(await totalOf({ supersessionKey: "crowd" })).toBe(120);
    expect(await totalOf({ supersessionKey: "crowd", status: "WAITING" })).toBe(120);
  });

  it("supersedes them all once they are few enough", async () => {
    const runs = await waitingRuns("few", 40);
    const created = await create("few", true);
    expect(created.status).toBe(201);
    expect(await totalOf({ supersessionKey: "few", status: "SUPERSEDED" })).toBe(runs.length);
  });
});

describe("a key's live runs found through its index", () => {
  it("are read from at most the bound's runs, and refused past it before any run is read", async () => {
    const runs = await waitingRuns("walked", 3);
    // A head written before heads kept their live runs: the reader walks the key's index.
    const forgetLive = () =>
      documents().send(
        new UpdateCommand({
          TableName: t.deps.config.TABLE_NAME,
          Key: keys.supersessionHead(ws.workspaceId, "walked"),
          UpdateExpression: "REMOVE tracksLive, live",
        }),
      );
    const table = { client: documents(), name: t.deps.config.TABLE_NAME };
    const readWithin = (bound: number) =>
      createSupersessionLive(table, createRunListStore(table), bound).runs(ws.workspaceId, "walked");

    await forgetLive();
    await expect(readWithin(2)).rejects.toBeInstanceOf(ConflictError);
    await expect(readWithin(2)).rejects.toThrow(/more than 2 runs/);
    await forgetLive();
    const found = await readWithin(3);
    expect(found.map((run) => run.id).sort()).toEqual(runs.map((run) => run.id).sort());
  });
});
