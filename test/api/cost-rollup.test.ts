import { type DynamoDBClient, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CostSummary } from "../../core/cost/cost-summary";
import { runDoorbell } from "../../core/domain/run-messages";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData } from "../helpers/requests";
import { createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

// gpt-4o-mini: $0.15 / M input, $0.60 / M output → 0.00015 + 0.00006 per call.
const CALL_COST = 0.00021;
const USAGE = { input: 1000, output: 100 };
const DAY = "2026-11-20";

let t: TestApp;
let openai: OpenAiFake;
/** Rollup transactions still to be refused as DynamoDB refuses one that meets another on a day item. */
let conflictsLeft = 0;

/**
 * Refuses the next `conflictsLeft` transactions that add to a day rollup, as DynamoDB does when another
 * transaction is writing that item at the same moment: TransactionConflict on it, None on the others.
 */
function conflictOnDayItems(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TransactItems?: { Update?: { Key?: Record<string, unknown> } }[] };
      const isDayItem = (item: { Update?: { Key?: Record<string, unknown> } }) => {
        const sk = item.Update?.Key?.sk as { S?: string } | string | undefined;
        return String(typeof sk === "object" ? sk?.S : sk).startsWith("DAY#");
      };
      const items = input.TransactItems ?? [];
      if (context.commandName === "TransactWriteItemsCommand" && conflictsLeft > 0 && items.some(isDayItem)) {
        conflictsLeft -= 1;
        throw new TransactionCanceledException({
          message: "Transaction cancelled, please refer cancellation reasons for specific reasons",
          $metadata: {},
          CancellationReasons: items.map((item) => ({
            Code: isDayItem(item) ? "TransactionConflict" : "None",
          })),
        });
      }
      return next(args);
    },
    { step: "initialize", name: "conflictOnDayItems" },
  );
}

beforeAll(async () => {
  openai = await startOpenAiFake();
  t = await createTestApp(
    { OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: "sk-server-openai-000000000" },
    { onDynamo: conflictOnDayItems },
  );
});
afterAll(() => openai.close());

async function llmRun(account: SignedUp, steps: number): Promise<string> {
  openai.reply(...Array.from({ length: steps }, () => ({ text: "ok", usage: USAGE })));
  const { id: definitionId } = await createDefinition(
    t.request,
    account.apiKey,
    Array.from({ length: steps }, (_, i) => ({
      type: "llm",
      name: `ask${i + 1}`,
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "Hi" }],
    })),
  );
  const run = await startRun(t.request, account.apiKey, { definitionId, input: {} });
  await waitForRun(t.request, account.apiKey, run.id, withStatus("COMPLETED"));
  return run.id;
}

const summary = async (account: SignedUp, query = "") =>
  expectData<CostSummary>(
    await t.request("GET", `/v1/cost/summary${query}`, { headers: withKey(account.apiKey) }),
    200,
  );

const totalsOf = (view: CostSummary) => ({
  totalCostUsd: view.totalCostUsd,
  totalRuns: view.totalRuns,
  calls: view.byModel.reduce((sum, row) => sum + row.calls, 0),
});

describe("an llm run's costs, rolled up when it stops", () => {
  it("are in the all-time and whole-day summaries as soon as the run has completed", async () => {
    const account = await signUp(t);
    const runId = await llmRun(account, 3);

    const expected = { totalCostUsd: 3 * CALL_COST, totalRuns: 1, calls: 3 };
    expect(totalsOf(await summary(account))).toEqual(expected);
    expect(totalsOf(await summary(account, `?from=${DAY}&to=${DAY}`))).toEqual(expected);
    expect((await summary(account)).byStep.map((row) => [row.stepName, row.calls])).toEqual([
      ["ask1", 1],
      ["ask2", 1],
      ["ask3", 1],
    ]);
    const run = await t.deps.store.runs.get(account.workspaceId, runId);
    expect(run?.costLedger).toBeUndefined();
    expect(await t.deps.store.costs.pending(account.workspaceId, 10)).toEqual([]);
  });

  it("stay in the run when their rollup loses on a shared day item, and a later ring rolls them up once", async () => {
    const account = await signUp(t);
    // The commit that completes the run, then the worker's own retry right after it, both lose.
    conflictsLeft = 2;
    const runId = await llmRun(account, 2);
    await t.idle();
    expect(conflictsLeft).toBe(0);

    // The run completed all the same; its sums wait in it, out of the rollups, with a sweep entry.
    const held = await t.deps.store.runs.get(account.workspaceId, runId);
    expect(held?.costLedger?.rows.map((row) => [row.stepName, row.calls])).toEqual([
      ["ask1", 1],
      ["ask2", 1],
    ]);
    expect(totalsOf(await summary(account))).toEqual({ totalCostUsd: 0, totalRuns: 0, calls: 0 });

    // The sweep rings it once it is due; the worker commits just the rollup.
    t.clock.advance(10 * 60_000);
    expect(await t.sweep()).toBeGreaterThanOrEqual(1);
    await t.idle();
    const expected = { totalCostUsd: 2 * CALL_COST, totalRuns: 1, calls: 2 };
    expect(totalsOf(await summary(account))).toEqual(expected);
    const rolled = await t.deps.store.runs.get(account.workspaceId, runId);
    expect(rolled?.costLedger).toBeUndefined();
    expect(rolled?.status).toBe("COMPLETED");
    expect(rolled?.updatedAt).toBe(held?.updatedAt);

    // Rung again, by the sweep or a doorbell: nothing is counted twice.
    await t.deps.queue.send(runDoorbell(account.workspaceId, runId));
    await t.sweep();
    await t.idle();
    expect(totalsOf(await summary(account))).toEqual(expected);
    expect(totalsOf(await summary(account, `?from=${DAY}&to=${DAY}`))).toEqual(expected);
  });

  it("count the calls of an attempt whose commit lost to a cancellation made while they ran", async () => {
    const account = await signUp(t);
    openai.reply({ text: "late", usage: USAGE, delayMs: 3000 });
    const { id: definitionId } = await createDefinition(t.request, account.apiKey, [
      { type: "llm", name: "slow", model: "gpt-4o-mini", messages: [{ role: "user", content: "Hi" }] },
    ]);
    const asked = openai.requests.length;
    const run = await startRun(t.request, account.apiKey, { definitionId, input: {} });
    while (openai.requests.length === asked) await new Promise((resolve) => setTimeout(resolve, 20));
    const headers = withKey(account.apiKey);
    await expectData(await t.request("POST", `/v1/workflow-runs/${run.id}/cancel`, { headers }), 200);
    await t.idle();

    // The call was paid for: the cancelled run took it in a commit of its own, and rolled it up.
    const expected = { totalCostUsd: CALL_COST, totalRuns: 1, calls: 1 };
    expect(totalsOf(await summary(account))).toEqual(expected);
    const cancelled = await t.deps.store.runs.get(account.workspaceId, run.id);
    expect(cancelled?.status).toBe("CANCELLED");
    expect(cancelled?.costLedger).toBeUndefined();
    const cost = await expectData<{ totalCostUsd: number }>(
      await t.request("GET", `/v1/workflow-runs/${run.id}/cost`, { headers }),
      200,
    );
    expect(cost.totalCostUsd).toBe(CALL_COST);
  });
});
