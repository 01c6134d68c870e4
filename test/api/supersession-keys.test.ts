import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_KEPT_LIVE } from "../../core/adapters/dynamodb/runs/creation-items";
import { createRunListStore } from "../../core/adapters/dynamodb/runs/run-lists";
import { createSupersessionLive } from "../../core/adapters/dynamodb/runs/supersession-live";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import { ConflictError } from "../../core/domain/errors";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { createDefinition, getRun, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Supersession keys (docs/lists.md, "Supersession keys"), over HTTP on DynamoDB Local: the live runs the
 * key's head keeps, so superseding reads them and not every run the key ever had (after many runs ended, a
 * head written before it kept them, more live runs than it keeps); and the key's list, numbered per key.
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

async function head(key: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await documents().send(
    new GetCommand({ TableName: t.deps.config.TABLE_NAME, Key: keys.supersessionHead(ws.workspaceId, key) }),
  );
  return Item;
}

const keptLive = async (key: string) =>
  [...(((await head(key))?.live as Set<string> | undefined) ?? [])].sort();

async function create(key: string, supersedeExisting = false): Promise<RunBody> {
  const run = await startRun(t.request, ws.apiKey, { definitionId, supersessionKey: key, supersedeExisting });
  await waitForRun(t.request, ws.apiKey, run.id, withStatus("WAITING"));
  return run;
}

const cancel = async (run: RunBody) =>
  expectData(
    await t.request("POST", `/v1/workflow-runs/${run.id}/cancel`, { headers: withKey(ws.apiKey) }),
    200,
  );

const statusOf = async (run: RunBody) => (await getRun(t.request, ws.apiKey, run.id)).status;

describe("a supersession key's live runs", () => {
  it("are kept as runs start and end, and a creation supersedes exactly those", async () => {
    const [first, second, third] = [await create("doc-1"), await create("doc-1"), await create("doc-1")];
    expect(await keptLive("doc-1")).toEqual([first.id, second.id, third.id].sort());
    await cancel(first);
    await cancel(third);
    expect(await keptLive("doc-1")).toEqual([second.id]);

    const fourth = await create("doc-1", true);
    expect(await statusOf(second)).toBe("SUPERSEDED");
    expect(await keptLive("doc-1")).toEqual([fourth.id]);
  });

  it("leave the head's set when found ended there after a lost removal", async () => {
    const [older, newer] = [await create("doc-2"), await create("doc-2")];
    await cancel(older);
    await documents().send(
      new UpdateCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: keys.supersessionHead(ws.workspaceId, "doc-2"),
        UpdateExpression: "ADD live :lost",
        ExpressionAttributeValues: { ":lost": new Set([older.id]) },
      }),
    );
    const latest = await create("doc-2", true);
    expect([await statusOf(older), await statusOf(newer)]).toEqual(["CANCELLED", "SUPERSEDED"]);
    expect(await keptLive("doc-2")).toEqual([latest.id]);
  });

  it("are found from the key's index for a head written before it kept them, which then keeps them", async () => {
    const [older, newer] = [await create("doc-3"), await create("doc-3")];
    await documents().send(
      new UpdateCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: keys.supersessionHead(ws.workspaceId, "doc-3"),
        UpdateExpression: "REMOVE tracksLive, live",
      }),
    );
    const latest = await create("doc-3", true);
    expect([await statusOf(older), await statusOf(newer)]).toEqual(["SUPERSEDED", "SUPERSEDED"]);
    const kept = await head("doc-3");
    expect(kept?.tracksLive).toBe(true);
    expect(await keptLive("doc-3")).toEqual([latest.id]);
  });

  it("past the number a head keeps, are read from the key's index, all superseded, then kept again", async () => {
    const runs: RunBody[] = [];
    for (let i = 0; i <= MAX_KEPT_LIVE; i++) runs.push(await create("doc-4"));
    expect((await head("doc-4"))?.tracksLive).toBe(false);

    const latest = await create("doc-4", true);
    await t.idle();
    const statuses = await Promise.all(runs.map(statusOf));
    expect(statuses.every((status) => status === "SUPERSEDED")).toBe(true);
    // With few live again, the next read keeps them once more.
    const newest = await create("doc-4", true);
    expect(await statusOf(latest)).toBe("SUPERSEDED");
    expect((await head("doc-4"))?.tracksLive).toBe(true);
    expect(await keptLive("doc-4")).toEqual([newest.id]);
  });
});

describe("a supersession key's list", () => {
  it("pages the runs numbered under the key, then those created before it numbered them", async () => {
    const [o1, o2] = [await create("doc-5"), await create("doc-5")];
    // As they were written before: listed by their number in the workspace, and a head that numbers nothing.
    for (const run of [o1, o2]) {
      await documents().send(
        new UpdateCommand({
          TableName: t.deps.config.TABLE_NAME,
          Key: keys.run(ws.workspaceId, run.id),
          UpdateExpression: "SET gsi4sk = gsi1sk",
        }),
      );
    }
    await documents().send(
      new UpdateCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: keys.supersessionHead(ws.workspaceId, "doc-5"),
        UpdateExpression: "REMOVE runs, numberedAll",
      }),
    );
    const [n1, n2] = [await create("doc-5"), await create("doc-5")];
    const list = (query: Record<string, string | number>) =>
      listRuns(t.request, ws.apiKey, { supersessionKey: "doc-5", ...query });
    const ids = (runs: RunBody[]) => runs.map((run) => run.id);

    const all = await list({});
    expect([ids(all.data), all.meta.total]).toEqual([ids([n2, n1, o2, o1]), 4]);
    const second = await list({ pageSize: 3, page: 2 });
    expect([ids(second.data), second.meta.total]).toEqual([ids([o1]), 4]);
    const windowed = await list({ createdAfter: o2.createdAt });
    expect([ids(windowed.data), windowed.meta.total]).toEqual([ids([n2, n1, o2]), 3]);
    const newer = await list({ createdAfter: n2.createdAt });
    expect([ids(newer.data), newer.meta.total]).toEqual([ids([n2]), 1]);
  });

  it("combines with a live or an ended status, a definition and a window, whether or not the head keeps its live runs", async () => {
    const [r1, r2, r3, r4] = [
      await create("doc-6"),
      await create("doc-6"),
      await create("doc-6"),
      await create("doc-6"),
    ];
    await cancel(r1);
    await cancel(r3);
    const list = (query: Record<string, string | number>) =>
      listRuns(t.request, ws.apiKey, { supersessionKey: "doc-6", ...query });
    const ids = (runs: RunBody[]) => runs.map((run) => run.id);
    const expectLists = async () => {
      const waiting = await list({ status: "WAITING" });
      expect([ids(waiting.data), waiting.meta.total]).toEqual([ids([r4, r2]), 2]);
      const second = await list({ status: "WAITING", pageSize: 1, page: 2 });
      expect([ids(second.data), second.meta.total]).toEqual([ids([r2]), 2]);
      const cancelled = await list({ status: "CANCELLED" });
      expect([ids(cancelled.data), cancelled.meta.total]).toEqual([ids([r3, r1]), 2]);
      const lateCancelled = await list({ status: "CANCELLED", createdAfter: r2.createdAt });
      expect([ids(lateCancelled.data), lateCancelled.meta.total]).toEqual([ids([r3]), 1]);
      const earlyWaiting = await list({ status: "WAITING", createdBefore: r3.createdAt });
      expect([ids(earlyWaiting.data), earlyWaiting.meta.total]).toEqual([ids([r2]), 1]);
      const ofDefinition = await list({ definitionId, createdAfter: r2.createdAt });
      expect([ids(ofDefinition.data), ofDefinition.meta.total]).toEqual([ids([r4, r3, r2]), 3]);
      expect((await list({ status: "COMPLETED" })).meta.total).toBe(0);
    };
    await expectLists();
    // A head that does not keep its live runs: the key's keys and the live runs' keys, intersected.
    await documents().send(
      new UpdateCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: keys.supersessionHead(ws.workspaceId, "doc-6"),
        UpdateExpression: "REMOVE tracksLive, live",
      }),
    );
    await expectLists();
  });
});

describe("a supersession key's bounds (docs/limits.md)", () => {
  const total = async (query: Record<string, string> = {}) =>
    (await listRuns(t.request, ws.apiKey, query)).meta.total;

  it("refuse a creation superseding more live runs than its write holds with a 409, writing nothing", async () => {
    for (let i = 0; i < 120; i++) await create("crowd");
    const before = await total();

    const refused = await t.request("POST", "/v1/workflow-runs", {
      headers: withKey(ws.apiKey),
      body: { definitionId, supersessionKey: "crowd", supersedeExisting: true },
    });
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toMatch(/^Superseding the key's 120 live runs in the creating write would write/);
    // No run, and the numbers it took given back: every list counts as before.
    expect(await total()).toBe(before);
    expect(await total({ supersessionKey: "crowd", status: "WAITING" })).toBe(120);

    const few = [];
    for (let i = 0; i < 40; i++) few.push(await create("few"));
    await create("few", true);
    expect(await total({ supersessionKey: "few", status: "SUPERSEDED" })).toBe(few.length);
  });

  it("walk at most a bound of the key's runs for a head that does not keep its live runs", async () => {
    const runs = [await create("walked"), await create("walked"), await create("walked")];
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
    await expect(readWithin(2)).rejects.toThrow(ConflictError);
    await expect(readWithin(2)).rejects.toThrow(/more than 2 runs/);
    await forgetLive();
    expect((await readWithin(3)).map((run) => run.id).sort()).toEqual(runs.map((run) => run.id).sort());
  });
});
