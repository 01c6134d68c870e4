import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { costItem } from "../../core/adapters/dynamodb/costs/cost-items";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import type { DailyCost } from "../../core/cost/cost-daily";
import type { CostSummary } from "../../core/cost/cost-summary";
import type { AttemptCost } from "../../core/domain/cost-record";
import type { OpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { createLlmTestApp, type LlmTestApp } from "../helpers/llm-test-app";
import { expectData } from "../helpers/requests";
import { createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import type { TestApp } from "../helpers/test-app";

// gpt-4o-mini: $0.15 / M input, $0.60 / M output → 0.00015 + 0.00006 per call.
const MODEL = "gpt-4o-mini";
const CALL_COST = 0.00021;
const USAGE = { input: 1000, output: 100 };
/** The test app's clock starts at 2026-11-20T12:00Z. */
const DAY = "2026-11-20";
const NEXT_DAY = "2026-11-21";
const DAY_MS = 86_400_000;

let t: TestApp;
let openai: OpenAiFake;
let documents: LlmTestApp["documents"];

beforeAll(async () => {
  ({ t, openai, documents } = await createLlmTestApp());
});

const llm = (name: string) => ({
  type: "llm",
  name,
  model: MODEL,
  messages: [{ role: "user", content: "Hi" }],
});

const get = async <T>(account: SignedUp, path: string) =>
  expectData<T>(await t.request("GET", path, { headers: withKey(account.apiKey) }), 200);

interface RunCost {
  totalCostUsd: number;
  calls: { stepName: string; createdAt: string }[];
}

const callsOf = (view: RunCost) =>
  view.calls.map((call) => `${call.stepName}@${call.createdAt.slice(0, 10)}`);
const callCount = (view: CostSummary) => view.byModel.reduce((sum, row) => sum + row.calls, 0);

async function put(item: Record<string, unknown>): Promise<void> {
  await documents.send(new PutCommand({ TableName: t.deps.config.TABLE_NAME, Item: item }));
}

async function partition(pk: string): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await documents.send(
    new QueryCommand({
      TableName: t.deps.config.TABLE_NAME,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": pk },
    }),
  );
  return Items;
}

/** A record of one call of `stepName` at `at`, as an attempt of the run would have written it. */
function record(account: SignedUp, runId: string, id: string, at: string, startedAt?: string): AttemptCost {
  return {
    id,
    workspaceId: account.workspaceId,
    workflowRunId: runId,
    stepRunId: `stp_${id}`,
    attempt: 1,
    ...(startedAt === undefined ? {} : { startedAt }),
    calls: [
      { stepName: id, model: MODEL, provider: "openai", ...USAGE_TOKENS, costUsd: CALL_COST, createdAt: at },
    ],
  };
}
const USAGE_TOKENS = { inputTokens: USAGE.input, outputTokens: USAGE.output };

describe("cost records kept under the day their attempt started", () => {
  it("are written with no index entry, and every view counts each call once", async () => {
    const account = await signUp(t);
    openai.reply(...Array.from({ length: 2 }, () => ({ text: "ok", usage: USAGE })));
    const { id: definitionId } = await createDefinition(t.request, account.apiKey, [
      llm("ask1"),
      llm("ask2"),
    ]);
    const run = await startRun(t.request, account.apiKey, { definitionId, input: {} });
    await waitForRun(t.request, account.apiKey, run.id, withStatus("COMPLETED"));
    await t.idle();

    const kept = await partition(keys.costDayPk(account.workspaceId, DAY));
    expect(kept.map((item) => String(item.sk).startsWith(`${run.id}#`))).toEqual([true, true]);
    expect(kept.map((item) => item.gsi1pk)).toEqual([undefined, undefined]);
    const inRun = await partition(keys.runPartition(account.workspaceId, run.id));
    expect(inRun.filter((item) => String(item.sk).startsWith("COST#"))).toEqual([]);

    expect(callsOf(await get<RunCost>(account, `/v1/workflow-runs/${run.id}/cost`))).toEqual([
      `ask1@${DAY}`,
      `ask2@${DAY}`,
    ]);
    for (const range of [
      "",
      `?from=${DAY}&to=${DAY}`,
      `?from=${DAY}T06:00:00.000Z&to=${DAY}T18:00:00.000Z`,
    ]) {
      const summary = await get<CostSummary>(account, `/v1/cost/summary${range}`);
      expect({ calls: callCount(summary), runs: summary.totalRuns }).toEqual({ calls: 2, runs: 1 });
    }
    const daily = await get<DailyCost>(account, `/v1/cost/daily?from=${DAY}&to=${DAY}`);
    expect(daily.days[0]?.byModel.map((row) => row.calls)).toEqual([2]);
  });

  it("list a record whose commit never came, and records kept in the run's partition before, in the run's view and its edge day", async () => {
    const account = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, account.apiKey, [
      { type: "task", name: "n", handler: "noop" },
    ]);
    const run = await startRun(t.request, account.apiKey, { definitionId, input: {} });
    await waitForRun(t.request, account.apiKey, run.id, withStatus("COMPLETED"));
    const at = `${DAY}T12:00:00.000Z`;
    // The worker put this attempt's record, then died before its commit: no run sums, no rollup.
    await put(costItem(record(account, run.id, "01crashed", at, at), { pending: false }));
    // Written before records were kept by day: in the run's partition, listed in gsi1 by its first call.
    await put(costItem(record(account, run.id, "00older", at), { pending: false }));

    expect(callsOf(await get<RunCost>(account, `/v1/workflow-runs/${run.id}/cost`))).toEqual([
      `00older@${DAY}`,
      `01crashed@${DAY}`,
    ]);
    const edge = await get<CostSummary>(
      account,
      `/v1/cost/summary?from=${DAY}T06:00:00.000Z&to=${DAY}T18:00:00.000Z`,
    );
    expect({ calls: callCount(edge), runs: edge.totalRuns }).toEqual({ calls: 2, runs: 1 });
    expect(edge.byStep.map((row) => row.stepName).sort()).toEqual(["00older", "01crashed"]);
  });

  // Last: it moves the clock a day on.
  it("are found for a run whose calls span midnight, by its cost view and on both edge days", async () => {
    const account = await signUp(t);
    openai.reply(...Array.from({ length: 2 }, () => ({ text: "ok", usage: USAGE })));
    const { id: definitionId } = await createDefinition(t.request, account.apiKey, [
      llm("before"),
      { type: "external_event", name: "hold", signalTypes: ["go"], mode: "any" },
      llm("after"),
    ]);
    const run = await startRun(t.request, account.apiKey, { definitionId, input: {} });
    await waitForRun(t.request, account.apiKey, run.id, withStatus("WAITING"));
    t.clock.advance(DAY_MS);
    const headers = withKey(account.apiKey);
    await expectData(
      await t.request("POST", `/v1/workflow-runs/${run.id}/signals`, { body: { signalType: "go" }, headers }),
      202,
    );
    await waitForRun(t.request, account.apiKey, run.id, withStatus("COMPLETED"));
    await t.idle();

    expect((await partition(keys.costDayPk(account.workspaceId, DAY))).length).toBe(1);
    expect((await partition(keys.costDayPk(account.workspaceId, NEXT_DAY))).length).toBe(1);
    expect(callsOf(await get<RunCost>(account, `/v1/workflow-runs/${run.id}/cost`))).toEqual([
      `before@${DAY}`,
      `after@${NEXT_DAY}`,
    ]);
    const edges = await get<CostSummary>(
      account,
      `/v1/cost/summary?from=${DAY}T06:00:00.000Z&to=${NEXT_DAY}T18:00:00.000Z`,
    );
    expect({ calls: callCount(edges), runs: edges.totalRuns }).toEqual({ calls: 2, runs: 1 });
    const wholeDays = await get<CostSummary>(account, `/v1/cost/summary?from=${DAY}&to=${NEXT_DAY}`);
    expect({ calls: callCount(wholeDays), runs: wholeDays.totalRuns }).toEqual({ calls: 2, runs: 1 });
    const daily = await get<DailyCost>(account, `/v1/cost/daily?from=${DAY}&to=${NEXT_DAY}`);
    expect(daily.days.map((day) => day.byModel.map((row) => row.calls))).toEqual([[1], [1]]);
    // Only the second edge day: the first step's call is not in it.
    const second = await get<CostSummary>(account, `/v1/cost/summary?from=${NEXT_DAY}T00:00:01.000Z`);
    expect(callCount(second)).toBe(1);
  });
});
