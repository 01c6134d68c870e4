import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createCostRollupStore } from "../../core/adapters/dynamodb/costs/cost-rollup-store";
import {
  createDocumentClient,
  createDynamoClient,
  type Table,
} from "../../core/adapters/dynamodb/table/dynamo-client";
import type { CostSummary } from "../../core/cost/cost-summary";
import { rollUpCost, settleAttemptCost } from "../../core/cost/rollup";
import type { AttemptCost } from "../../core/domain/cost-record";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { attemptMaker, costCall, seedMarchCosts } from "../helpers/costs";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let account: SignedUp;
const attempt = attemptMaker("01cost");

const summary = async (query = "", who = account) =>
  expectData<CostSummary>(
    await t.request("GET", `/v1/cost/summary${query}`, { headers: withKey(who.apiKey) }),
    200,
  );

beforeAll(async () => {
  t = await createTestApp();
  account = await signUp(t);
  await seedMarchCosts(t, account.workspaceId, attempt);
});

describe("GET /v1/cost/summary", () => {
  it("sums all time from the all-time rollups, including records left pending", async () => {
    const all = await summary();
    expect(all).toMatchObject({
      workspaceId: account.workspaceId,
      from: "1970-01-01T00:00:00.000Z",
      totalCostUsd: 1.135,
      totalInputTokens: 500,
      totalOutputTokens: 50,
      totalRuns: 2,
    });
    expect(all.byModel).toEqual([
      { model: "gpt-4o", costUsd: 1.13, inputTokens: 400, outputTokens: 40, calls: 4 },
      { model: "claude-haiku-4-5", costUsd: 0.005, inputTokens: 100, outputTokens: 10, calls: 1 },
    ]);
    expect(await t.deps.store.costs.pending(account.workspaceId, 10)).toEqual([]);
  });

  it("combines whole days from rollups with partial edge days from records", async () => {
    const range = await summary("?from=2026-03-01T12:00:00.000Z&to=2026-03-02T06:00:00.000Z");
    expect(range).toMatchObject({
      from: "2026-03-01T12:00:00.000Z",
      to: "2026-03-02T06:00:00.000Z",
      totalCostUsd: 0.025,
      totalRuns: 1,
    });
    expect(range.byModel.map((row) => [row.model, row.calls])).toEqual([
      ["gpt-4o", 1],
      ["claude-haiku-4-5", 1],
    ]);
    // Whole days only: March 1-3 from rollups; a run on two days counts once.
    const days = await summary("?from=2026-03-01&to=2026-03-03");
    expect(days).toMatchObject({ totalCostUsd: 0.135, totalRuns: 2, to: "2026-03-03T23:59:59.999Z" });
    // Whole day March 2 plus the partial March 4.
    const mixed = await summary("?from=2026-03-02T00:00:00.000Z&to=2026-03-04T09:00:00%2B01:00");
    expect(mixed).toMatchObject({ totalCostUsd: 1.105, totalRuns: 2, to: "2026-03-04T08:00:00.000Z" });
    expect(await summary("?from=2026-03-05T00:00:00.000Z")).toMatchObject({
      totalCostUsd: 0,
      totalRuns: 0,
      byModel: [],
    });
  });

  it("rolls a record up once, however often it is tried", async () => {
    const extra = attempt(account.workspaceId, "run_c", [
      costCall("gpt-4o", "2026-03-03T10:00:00.000Z", 0.5),
    ]);
    await t.deps.store.costs.put(extra);
    expect(await rollUpCost(t.deps, extra)).toBe(true);
    expect(await rollUpCost(t.deps, extra)).toBe(true);
    await settleAttemptCost(t.deps, extra);
    expect(await summary("?from=2026-03-03&to=2026-03-03")).toMatchObject({
      totalCostUsd: 0.5,
      totalRuns: 1,
    });
    expect(await summary()).toMatchObject({ totalCostUsd: 1.635, totalRuns: 3 });
  });

  it("counts a run whose first record's process died between marking the day and counting the run", async () => {
    const other = await signUp(t);
    const [first, second] = [0.25, 0.5].map((costUsd) =>
      attempt(other.workspaceId, "run_d", [costCall("gpt-4o", "2026-03-05T10:00:00.000Z", costUsd)]),
    );
    // The process dies at its first transaction: the day's run marker is written, the count and sums not.
    const client = createDocumentClient(
      createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }),
    );
    const dying = {
      name: t.deps.config.TABLE_NAME,
      client: {
        send: (command: object) =>
          command instanceof TransactWriteCommand
            ? Promise.reject(new Error("process died"))
            : client.send(command as never),
      },
    } as unknown as Table;
    const dyingDeps = { ...t.deps, store: { ...t.deps.store, costRollups: createCostRollupStore(dying) } };
    await settleAttemptCost(dyingDeps, first as AttemptCost);
    // The run's next step finds the day marked and leaves the count to the first record's sweep.
    await settleAttemptCost(t.deps, second as AttemptCost);

    for (const query of ["", "?from=2026-03-05&to=2026-03-05", "?from=2026-03-05T09:00:00.000Z"]) {
      expect(await summary(query, other)).toMatchObject({ totalCostUsd: 0.75, totalRuns: 1 });
    }
  });

  it("keeps workspaces apart", async () => {
    expect(await summary("", await signUp(t))).toMatchObject({ totalCostUsd: 0, totalRuns: 0, byModel: [] });
  });

  it.each([
    ["?from=yesterday", "from"],
    ["?to=2026-13-01", "to"],
    ["?from=2026-03-02T00:00:00.000Z&to=2026-03-01T00:00:00.000Z", "from"],
  ])("refuses %s with 400", async (query, field) => {
    const response = await t.request("GET", `/v1/cost/summary${query}`, { headers: withKey(account.apiKey) });
    expect(issuePaths(await expectError(response, 400, "VALIDATION_ERROR"))).toContain(field);
  });

  it("answers 401 without a key", async () => {
    await expectError(await t.request("GET", "/v1/cost/summary"), 401, "AUTH_ERROR");
  });
});

describe("GET /v1/workflow-runs/:id/cost", () => {
  it("lists a run's calls oldest first with totals; another workspace's run is 404", async () => {
    const headers = withKey(account.apiKey);
    const definition = await expectData<{ id: string }>(
      await t.request("POST", "/v1/workflow-definitions", {
        body: { name: "c", version: "1", steps: [{ type: "task", name: "n", handler: "noop" }] },
        headers,
      }),
      201,
    );
    const run = await expectData<{ id: string }>(
      await t.request("POST", "/v1/workflow-runs", { body: { definitionId: definition.id }, headers }),
      201,
    );
    const empty = await expectData(
      await t.request("GET", `/v1/workflow-runs/${run.id}/cost`, { headers }),
      200,
    );
    expect(empty).toEqual({
      workflowRunId: run.id,
      totalCostUsd: 0,
      totalInputTokens: 0,
      totalOutputTokens: 0,
      calls: [],
    });

    await settleAttemptCost(
      t.deps,
      attempt(account.workspaceId, run.id, [costCall("gpt-4o", "2026-03-05T10:00:01.000Z", 0.2, "b")]),
    );
    await settleAttemptCost(
      t.deps,
      attempt(account.workspaceId, run.id, [costCall("gpt-4o", "2026-03-05T10:00:00.000Z", 0.1, "a")]),
    );
    const cost = await expectData(
      await t.request("GET", `/v1/workflow-runs/${run.id}/cost`, { headers }),
      200,
    );
    expect(cost).toEqual({
      workflowRunId: run.id,
      totalCostUsd: 0.3,
      totalInputTokens: 200,
      totalOutputTokens: 20,
      calls: [
        {
          stepName: "a",
          model: "gpt-4o",
          inputTokens: 100,
          outputTokens: 10,
          costUsd: 0.1,
          createdAt: "2026-03-05T10:00:00.000Z",
        },
        {
          stepName: "b",
          model: "gpt-4o",
          inputTokens: 100,
          outputTokens: 10,
          costUsd: 0.2,
          createdAt: "2026-03-05T10:00:01.000Z",
        },
      ],
    });
    const stranger = await signUp(t);
    const response = await t.request("GET", `/v1/workflow-runs/${run.id}/cost`, {
      headers: withKey(stranger.apiKey),
    });
    await expectError(response, 404, "NOT_FOUND");
  });
});
