import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { STEPS_PER_DAY_ITEM } from "../../core/adapters/dynamodb/costs/cost-day-items";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import type { DailyCost } from "../../core/cost/cost-daily";
import type { CostSummary } from "../../core/cost/cost-summary";
import { settleAttemptCost } from "../../core/cost/rollup";
import type { OpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { attemptMaker, costCall } from "../helpers/costs";
import { createLlmTestApp, type LlmTestApp } from "../helpers/llm-test-app";
import { expectData } from "../helpers/requests";
import { createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import type { TestApp } from "../helpers/test-app";

// gpt-4o-mini: $0.15 / M input, $0.60 / M output → 0.00015 + 0.00006 per call.
const MODEL = "gpt-4o-mini";
const CALL_COST = 0.00021;
const USAGE = { input: 1000, output: 100 };
/** What `calls` calls cost, as the API rounds it (to a nano-dollar). */
const usd = (calls: number) => Math.round(calls * CALL_COST * 1e9) / 1e9;
/** The test app's clock: 2026-11-20T12:00Z. */
const DAY = "2026-11-20";

let t: TestApp;
let openai: OpenAiFake;
let documents: LlmTestApp["documents"];

beforeAll(async () => {
  ({ t, openai, documents } = await createLlmTestApp());
});

async function llmDefinition(account: SignedUp, stepNames: string[]): Promise<string> {
  const steps = stepNames.map((name) => ({
    type: "llm",
    name,
    model: MODEL,
    messages: [{ role: "user", content: "Hi" }],
  }));
  return (await createDefinition(t.request, account.apiKey, steps)).id;
}

async function runToEnd(account: SignedUp, definitionId: string, calls: number): Promise<string> {
  openai.reply(...Array.from({ length: calls }, () => ({ text: "ok", usage: USAGE })));
  const run = await startRun(t.request, account.apiKey, { definitionId, input: {} });
  await waitForRun(t.request, account.apiKey, run.id, withStatus("COMPLETED"));
  await t.idle();
  return run.id;
}

const get = async <T>(account: SignedUp, path: string) =>
  expectData<T>(await t.request("GET", path, { headers: withKey(account.apiKey) }), 200);

/** The workspace's day items as stored: what each holds, by layout. */
async function dayItems(workspaceId: string): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await documents.send(
    new QueryCommand({
      TableName: t.deps.config.TABLE_NAME,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :day)",
      ExpressionAttributeValues: { ":pk": keys.costRollupPartition(workspaceId), ":day": "DAY#" },
    }),
  );
  return Items;
}

/** Writes the definition's day item as full: STEPS_PER_DAY_ITEM steps of one call each. Returns their names. */
async function fillDefinitionItem(workspaceId: string, definitionId: string): Promise<string[]> {
  const names = Array.from({ length: STEPS_PER_DAY_ITEM }, (_, i) => `older${i}`);
  await documents.send(
    new PutCommand({
      TableName: t.deps.config.TABLE_NAME,
      Item: {
        ...keys.costDayDefinitionRollup(workspaceId, DAY, MODEL, definitionId),
        entity: "CostDayDefinitionRollup",
        model: MODEL,
        day: DAY,
        definitionId,
        steps: new Set(names),
        ...Object.fromEntries(
          names.flatMap((name) => [
            [`c#${name}`, CALL_COST],
            [`i#${name}`, 1000],
            [`o#${name}`, 100],
            [`n#${name}`, 1],
          ]),
        ),
      },
    }),
  );
  return names;
}

const stepsOf = (item: Record<string, unknown> | undefined) =>
  [...((item?.steps as Set<string>) ?? [])].sort();

const callsByStep = (view: CostSummary) =>
  Object.fromEntries(view.byStep.map((row) => [`${row.definitionId}/${row.stepName}`, row.calls]));

describe("day rollups, one item per day, model and definition", () => {
  it("hold a run's steps in one item, and every view counts each call once", async () => {
    const account = await signUp(t);
    const definitionId = await llmDefinition(account, ["ask1", "ask2", "ask3"]);
    const runId = await runToEnd(account, definitionId, 3);

    const items = await dayItems(account.workspaceId);
    expect(items.map((item) => [item.sk, item.entity])).toEqual([
      [`DAY#${DAY}#MODEL#${MODEL}#DEF#${definitionId}`, "CostDayDefinitionRollup"],
    ]);
    expect(stepsOf(items[0])).toEqual(["ask1", "ask2", "ask3"]);

    const expected = {
      totalCostUsd: usd(3),
      totalInputTokens: 3000,
      totalOutputTokens: 300,
      totalRuns: 1,
    };
    const allTime = await get<CostSummary>(account, "/v1/cost/summary");
    expect(allTime).toMatchObject(expected);
    expect(callsByStep(allTime)).toEqual({
      [`${definitionId}/ask1`]: 1,
      [`${definitionId}/ask2`]: 1,
      [`${definitionId}/ask3`]: 1,
    });
    expect(await get<CostSummary>(account, `/v1/cost/summary?from=${DAY}&to=${DAY}`)).toMatchObject(expected);
    // A partial day is read from the records, call by call.
    const edge = `/v1/cost/summary?from=${DAY}T06:00:00.000Z&to=${DAY}T18:00:00.000Z`;
    expect(await get<CostSummary>(account, edge)).toMatchObject(expected);
    const daily = await get<DailyCost>(account, `/v1/cost/daily?from=${DAY}&to=${DAY}`);
    expect(daily.days).toEqual([
      {
        date: DAY,
        totalCostUsd: usd(3),
        byModel: [{ model: MODEL, costUsd: usd(3), inputTokens: 3000, outputTokens: 300, calls: 3 }],
      },
    ]);
    expect(await get<{ spentUsd: number }>(account, "/v1/budgets")).toMatchObject({
      spentUsd: usd(3),
    });
    const runCost = await get<{ totalCostUsd: number; calls: unknown[] }>(
      account,
      `/v1/workflow-runs/${runId}/cost`,
    );
    expect({ total: runCost.totalCostUsd, calls: runCost.calls.length }).toEqual({
      total: usd(3),
      calls: 3,
    });

    // Another run of the definition adds to the same item.
    await runToEnd(account, definitionId, 3);
    expect((await dayItems(account.workspaceId)).length).toBe(1);
    expect(await get<CostSummary>(account, "/v1/cost/summary")).toMatchObject({
      totalCostUsd: usd(6),
      totalRuns: 2,
    });
  });

  it("are read beside the items written before, per step and per model, which every view folds in", async () => {
    const account = await signUp(t);
    const definitionId = await llmDefinition(account, ["ask1", "ask2"]);
    await runToEnd(account, definitionId, 2);
    const ws = account.workspaceId;
    const table = t.deps.config.TABLE_NAME;
    const old = { entity: "CostDayRollup", model: MODEL, day: DAY, wastedCostUsd: 0 };
    // ask1 rolled up before the items per definition, and calls from before records named their definition.
    await documents.send(
      new PutCommand({
        TableName: table,
        Item: {
          ...keys.costDayRollup(ws, DAY, MODEL, definitionId, "ask1"),
          ...old,
          definitionId,
          stepName: "ask1",
          costUsd: 2 * CALL_COST,
          inputTokens: 2000,
          outputTokens: 200,
          calls: 2,
        },
      }),
    );
    await documents.send(
      new PutCommand({
        TableName: table,
        Item: {
          ...keys.costDayRollup(ws, DAY, MODEL, undefined, undefined),
          ...old,
          costUsd: CALL_COST,
          inputTokens: 1000,
          outputTokens: 100,
          calls: 1,
        },
      }),
    );

    const expected = { totalCostUsd: usd(5), totalInputTokens: 5000, totalOutputTokens: 500 };
    const allTime = await get<CostSummary>(account, "/v1/cost/summary");
    expect(allTime).toMatchObject(expected);
    expect(callsByStep(allTime)).toEqual({
      [`${definitionId}/ask1`]: 3,
      [`${definitionId}/ask2`]: 1,
      "null/": 1,
    });
    expect(allTime.byModel).toEqual([
      { model: MODEL, costUsd: usd(5), inputTokens: 5000, outputTokens: 500, calls: 5 },
    ]);
    expect(await get<CostSummary>(account, `/v1/cost/summary?from=${DAY}&to=${DAY}`)).toMatchObject(expected);
    const daily = await get<DailyCost>(account, `/v1/cost/daily?from=${DAY}&to=${DAY}`);
    expect(daily.days[0]?.byModel).toEqual([
      { model: MODEL, costUsd: usd(5), inputTokens: 5000, outputTokens: 500, calls: 5 },
    ]);
    expect(await get<{ spentUsd: number }>(account, "/v1/budgets")).toMatchObject({
      spentUsd: usd(5),
    });
  });

  it(`send a step past ${STEPS_PER_DAY_ITEM} in one definition's item to an item of its own, counted once`, async () => {
    const account = await signUp(t);
    const definitionId = await llmDefinition(account, ["fresh"]);
    const ws = account.workspaceId;
    // The definition's item for the day already holds as many steps as it may (other versions' names).
    const names = await fillDefinitionItem(ws, definitionId);

    const runId = await runToEnd(account, definitionId, 1);

    const items = await dayItems(ws);
    const full = items.find((item) => item.entity === "CostDayDefinitionRollup");
    expect(stepsOf(full)).toEqual([...names].sort());
    const own = items.filter((item) => item.entity === "CostDayRollup");
    expect(own.map((item) => [item.stepName, item.calls])).toEqual([["fresh", 1]]);
    const expected = { totalCostUsd: usd(STEPS_PER_DAY_ITEM + 1), totalRuns: 1 };
    const allTime = await get<CostSummary>(account, "/v1/cost/summary");
    expect(allTime).toMatchObject(expected);
    expect(callsByStep(allTime)[`${definitionId}/fresh`]).toBe(1);
    expect(await get<CostSummary>(account, `/v1/cost/summary?from=${DAY}&to=${DAY}`)).toMatchObject(expected);
    expect((await t.deps.store.runs.get(ws, runId))?.costLedger).toBeUndefined();

    // The next run's step goes to its own item at once, and adds to it.
    await runToEnd(account, definitionId, 1);
    const again = (await dayItems(ws)).filter((item) => item.entity === "CostDayRollup");
    expect(again.map((item) => [item.stepName, item.calls])).toEqual([["fresh", 2]]);
    expect(callsByStep(await get<CostSummary>(account, "/v1/cost/summary"))[`${definitionId}/fresh`]).toBe(2);
  });

  it("send a step rolled up apart from any run commit (a replay's) to an item of its own when its item is full", async () => {
    const account = await signUp(t);
    const ws = account.workspaceId;
    const definitionId = "def_replayed";
    await fillDefinitionItem(ws, definitionId);
    const record = {
      ...attemptMaker("01days")(ws, "run_replayed", [costCall(MODEL, `${DAY}T10:00:00.000Z`, 0.5, "again")]),
      definitionId,
    };
    await settleAttemptCost(t.deps, record);

    const own = (await dayItems(ws)).filter((item) => item.entity === "CostDayRollup");
    expect(own.map((item) => [item.stepName, item.calls])).toEqual([["again", 1]]);
    const allTime = await get<CostSummary>(account, "/v1/cost/summary");
    expect(callsByStep(allTime)[`${definitionId}/again`]).toBe(1);
    expect(allTime.totalCostUsd).toBe(Math.round((STEPS_PER_DAY_ITEM * CALL_COST + 0.5) * 1e9) / 1e9);
  });
});
