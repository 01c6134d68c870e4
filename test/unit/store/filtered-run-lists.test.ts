import { randomBytes } from "node:crypto";
import { BatchGetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { countingFromTheStart, runsCounterScope } from "../../../core/adapters/dynamodb/lists/counter-items";
import { createRunCreationStore } from "../../../core/adapters/dynamodb/runs/run-creation";
import { listRuns } from "../../../core/adapters/dynamodb/runs/run-list-query";
import { createRunListStore } from "../../../core/adapters/dynamodb/runs/run-lists";
import { createStore } from "../../../core/adapters/dynamodb/store";
import { ensureTable } from "../../../core/adapters/dynamodb/table/create-table";
import {
  createDocumentClient,
  createDynamoClient,
  type Table,
} from "../../../core/adapters/dynamodb/table/dynamo-client";
import { keys } from "../../../core/adapters/dynamodb/table/keys";
import { ValidationError } from "../../../core/domain/errors";
import type { IdGenerator } from "../../../core/domain/ids";
import type { RunRecord } from "../../../core/domain/run-record";
import { RunStatus } from "../../../core/domain/statuses";
import { isoAt } from "../../../core/domain/time";
import type { Page, RunFilters, RunsStore } from "../../../core/ports/store";
import {
  commitOf,
  completeRun,
  created,
  fixedIds,
  MINUTE,
  newRun,
  start,
  stored,
  T0,
  transition,
} from "../../contract/run-fixtures";

/**
 * Lists whose filters no one index answers (docs/lists.md, "Combined filters"), on DynamoDB Local with a
 * bound of 3 runs in place of LIMITS.filteredRunsRead: within it they answer as the contract says; past it
 * they are refused before any run is read in full, and the walks that find the candidates read bound + 1
 * keys at most.
 */
const BOUND = 3;
const ws = "wsp_bounded";
const at = (minutes: number) => isoAt(T0 + minutes * MINUTE);

let table: Table;
let store: RunsStore;
let ids: IdGenerator;
/** k1…k5 of key k, a minute apart: k1 k2 k4 COMPLETED, k3 CANCELLED, k5 PENDING. */
let k: RunRecord[];

/** The requests one list sends, and how many runs it reads in full (BatchGetItem keys). */
function countedTable(): { table: Table; sent: string[]; runsRead: () => number } {
  const sent: string[] = [];
  let runsRead = 0;
  const send = table.client.send.bind(table.client) as (command: unknown) => Promise<unknown>;
  const client = Object.create(table.client) as Table["client"];
  client.send = ((command: object) => {
    sent.push(command.constructor.name);
    if (command instanceof BatchGetCommand) {
      runsRead += command.input.RequestItems?.[table.name]?.Keys?.length ?? 0;
    }
    return send(command);
  }) as unknown as Table["client"]["send"];
  return { table: { client, name: table.name }, sent, runsRead: () => runsRead };
}

/** A page of the workspace's runs, or what refused it, with what was read on the way. */
async function list(
  filters: RunFilters,
  bound = BOUND,
  pageSize = 10,
  { workspaceId = ws, page = 1 } = {},
): Promise<{ page?: Page<RunRecord>; error?: unknown; sent: string[]; runsRead: () => number }> {
  const counted = countedTable();
  const stores = {
    runCreation: createRunCreationStore(counted.table),
    runLists: createRunListStore(counted.table),
  };
  try {
    return { page: await listRuns(stores, workspaceId, filters, page, pageSize, bound), ...counted };
  } catch (error) {
    return { error, ...counted };
  }
}

const idsOf = (runs: RunRecord[] | undefined) => (runs ?? []).map((run) => run.id);

async function end(run: RunRecord, status: RunStatus): Promise<void> {
  const tx = transition(await stored(store, run), ids, T0 + 10 * MINUTE);
  if (status === RunStatus.Completed) {
    start(tx);
    completeRun(tx);
  } else tx.setRunStatus(status);
  expect(await store.runs.commit(commitOf(tx))).toEqual({ kind: "committed" });
}

beforeAll(async () => {
  const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
  const name = `test-${randomBytes(6).toString("hex")}`;
  await ensureTable(dynamo, name);
  table = { client: createDocumentClient(dynamo), name };
  store = createStore(table);
  ids = fixedIds();
  k = [];
  for (let minute = 1; minute <= 5; minute++) {
    k.push(await created(store, newRun(ids, ws, { supersessionKey: "k", createdAt: at(minute) })));
  }
  // o1…o3 without a key, COMPLETED, created after the key's runs.
  const others = [];
  for (let minute = 6; minute <= 8; minute++) {
    others.push(await created(store, newRun(ids, ws, { definitionId: "def_b", createdAt: at(minute) })));
  }
  for (const run of [k[0], k[1], k[3], ...others]) await end(run as RunRecord, RunStatus.Completed);
  await end(k[2] as RunRecord, RunStatus.Cancelled);
});

describe("a supersession key with an ended status, counted as its runs end", () => {
  const counting = "wsp_counting";
  /** c1…c6 of key c, a minute apart, in a workspace created since keys' ended runs are counted: c1 c2 c4 c5 COMPLETED, c3 CANCELLED, c6 PENDING; x1 x2 COMPLETED without a key. */
  let c: RunRecord[];

  beforeAll(async () => {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...keys.runCounter(counting, runsCounterScope), ...countingFromTheStart },
      }),
    );
    c = [];
    for (let minute = 1; minute <= 6; minute++) {
      c.push(await created(store, newRun(ids, counting, { supersessionKey: "c", createdAt: at(minute) })));
    }
    const others = [];
    for (const minute of [7, 8])
      others.push(await created(store, newRun(ids, counting, { createdAt: at(minute) })));
    for (const run of [c[4], c[0], ...others, c[3], c[1]]) await end(run as RunRecord, RunStatus.Completed);
    await end(c[2] as RunRecord, RunStatus.Cancelled);
  });

  const listCounted = (filters: RunFilters, pageSize: number, page = 1) =>
    list({ supersessionKey: "c", ...filters }, BOUND, pageSize, { workspaceId: counting, page });

  it("pages its runs newest first past the bound, reading only the page's runs", async () => {
    const first = await listCounted({ status: RunStatus.Completed }, 2);
    expect([idsOf(first.page?.items), first.page?.total]).toEqual([[c[4]?.id, c[3]?.id], 4]);
    expect(first.runsRead()).toBe(2);
    const second = await listCounted({ status: RunStatus.Completed }, 3, 2);
    expect([idsOf(second.page?.items), second.page?.total]).toEqual([[c[0]?.id], 4]);
    expect(second.runsRead()).toBe(1);
    const cancelled = await listCounted({ status: RunStatus.Cancelled }, 10);
    expect([idsOf(cancelled.page?.items), cancelled.page?.total]).toEqual([[c[2]?.id], 1]);
  });

  it("clips its counts to a window", async () => {
    const after = await listCounted({ status: RunStatus.Completed, createdAfter: at(2) }, 10);
    expect([idsOf(after.page?.items), after.page?.total]).toEqual([[c[4]?.id, c[3]?.id, c[1]?.id], 3]);
    const before = await listCounted({ status: RunStatus.Completed, createdBefore: at(4) }, 1, 2);
    expect([idsOf(before.page?.items), before.page?.total]).toEqual([[c[0]?.id], 2]);
  });
});

describe("a supersession key with a status, past the bound, in a workspace from before keys' ended runs were counted", () => {
  it("reads only the runs in both lists when the status's list is within it", async () => {
    const { page, runsRead } = await list({ supersessionKey: "k", status: RunStatus.Cancelled });
    expect([idsOf(page?.items), page?.total]).toEqual([[k[2]?.id], 1]);
    expect(runsRead()).toBe(1);
  });

  it("reads only the page's runs when both lists are within it", async () => {
    const { page, runsRead } = await list({ supersessionKey: "k", status: RunStatus.Completed }, 10, 2);
    expect([idsOf(page?.items), page?.total]).toEqual([[k[3]?.id, k[1]?.id], 3]);
    expect(runsRead()).toBe(2);
  });

  it("refuses, before reading any run, filters whose lists are both past it", async () => {
    const { error, sent, runsRead } = await list({ supersessionKey: "k", status: RunStatus.Completed });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      "The filters match more than 3 runs; narrow them with createdAfter/createdBefore, or drop a filter",
    );
    expect((error as ValidationError).details).toEqual({
      issues: [{ path: "createdAfter", message: "narrow the window to at most 3 runs" }],
    });
    expect(runsRead()).toBe(0);
    expect(sent).not.toContain("BatchGetCommand");
  });

  it("answers once a window narrows the key's runs to the bound, walking the key's numbers in it", async () => {
    const { page } = await list({ supersessionKey: "k", status: RunStatus.Completed, createdAfter: at(3) });
    expect([idsOf(page?.items), page?.total]).toEqual([[k[3]?.id], 1]);
    const before = await list({ supersessionKey: "k", status: RunStatus.Completed, createdBefore: at(3) });
    expect([idsOf(before.page?.items), before.page?.total]).toEqual([[k[1]?.id, k[0]?.id], 2]);
  });

  it("answers a definition with the key within the bound, and refuses it past", async () => {
    const { page } = await list({ supersessionKey: "k", definitionId: "def_a" }, 5);
    expect([idsOf(page?.items), page?.total]).toEqual([idsOf([...k].reverse()), 5]);
    expect((await list({ supersessionKey: "k", definitionId: "def_a" })).error).toBeInstanceOf(
      ValidationError,
    );
  });
});

describe("a supersession key with an ended status, its runs counted from the middle of its history", () => {
  it("lists each run once when the runs from before are found from the key's walk alone", async () => {
    const mixed = "wsp_mixed";
    const m = [];
    for (let minute = 1; minute <= 3; minute++) {
      m.push(await created(store, newRun(ids, mixed, { supersessionKey: "m", createdAt: at(minute) })));
    }
    const others = [];
    for (let minute = 4; minute <= 7; minute++) {
      others.push(await created(store, newRun(ids, mixed, { createdAt: at(minute) })));
    }
    // The first end sets where counting starts (its run count then: 7); every end so far is from before it.
    for (const run of [m[0], m[1], ...others]) await end(run as RunRecord, RunStatus.Completed);
    const counted = await created(store, newRun(ids, mixed, { supersessionKey: "m", createdAt: at(8) }));
    await end(counted, RunStatus.Completed);

    // The key's 4 runs are within the bound, the status's 6 from before are not: the key's runs are read
    // and filtered, and the one counted is listed from its count only.
    const { page } = await list({ supersessionKey: "m", status: RunStatus.Completed }, 4, 10, {
      workspaceId: mixed,
    });
    expect([idsOf(page?.items), page?.total]).toEqual([[counted.id, m[1]?.id, m[0]?.id], 3]);
  });
});

describe("a supersession key with a live status", () => {
  it("reads the runs the key's head keeps as live, and no other, whatever the key's history", async () => {
    const { page, runsRead } = await list({ supersessionKey: "k", status: RunStatus.Pending });
    expect([idsOf(page?.items), page?.total]).toEqual([[k[4]?.id], 1]);
    expect(runsRead()).toBe(1);
  });

  it("intersects the key's and the live runs' keys when the head does not keep them", async () => {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: keys.supersessionHead(ws, "k"),
        UpdateExpression: "REMOVE tracksLive, live",
      }),
    );
    const { page, runsRead } = await list({ supersessionKey: "k", status: RunStatus.Pending });
    expect([idsOf(page?.items), page?.total]).toEqual([[k[4]?.id], 1]);
    expect(runsRead()).toBe(1);
    const live = await list({ supersessionKey: "k", live: true });
    expect([idsOf(live.page?.items), live.page?.total]).toEqual([[k[4]?.id], 1]);
  });
});

describe("a definition with a live status", () => {
  it("reads the status's runs within the bound, and refuses past it before reading any", async () => {
    const pending = [];
    for (let i = 0; i < BOUND + 1; i++)
      pending.push(await created(store, newRun(ids, ws, { createdAt: at(20) })));
    const { page } = await list({ definitionId: "def_a", status: RunStatus.Pending }, BOUND + 2);
    expect(page?.total).toBe(BOUND + 2);
    const refused = await list({ definitionId: "def_a", status: RunStatus.Pending });
    expect(refused.error).toBeInstanceOf(ValidationError);
    expect(refused.runsRead()).toBe(0);
    const windowed = await list(
      { definitionId: "def_a", status: RunStatus.Pending, createdAfter: at(19) },
      BOUND + 1,
    );
    expect(idsOf(windowed.page?.items)).toEqual(idsOf(pending.reverse()));
  });
});
