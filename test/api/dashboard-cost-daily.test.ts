import { beforeAll, describe, expect, it } from "vitest";
import type { DailyCost } from "../../core/cost/cost-daily";
import { settleAttemptCost } from "../../core/cost/rollup";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { attemptMaker, costCall, seedMarchCosts } from "../helpers/costs";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let account: SignedUp;
let other: SignedUp;
const attempt = attemptMaker("01daily");

const daily = (query: string, headers: Record<string, string> = withKey(account.apiKey)) =>
  t.request("GET", `/v1/cost/daily${query}`, { headers });

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
  [account, other] = await Promise.all([signUp(t), signUp(t)]);
  await seedMarchCosts(t, account.workspaceId, attempt);
  // Another workspace's spend on the same days never shows.
  await settleAttemptCost(
    t.deps,
    attempt(other.workspaceId, "run_x", [costCall("gpt-4o", "2026-03-01T10:00:00.000Z", 7)]),
  );
});

describe("GET /v1/cost/daily", () => {
  it("lists every day of the range with its cost per model, including records left pending", async () => {
    const data = await expectData<DailyCost>(await daily("?from=2026-02-28&to=2026-03-05"), 200);

    expect(data.from).toBe("2026-02-28");
    expect(data.to).toBe("2026-03-05");
    expect(data.days).toEqual([
      { date: "2026-02-28", totalCostUsd: 0, byModel: [] },
      {
        date: "2026-03-01",
        totalCostUsd: 0.03,
        byModel: [{ model: "gpt-4o", costUsd: 0.03, inputTokens: 200, outputTokens: 20, calls: 2 }],
      },
      {
        date: "2026-03-02",
        totalCostUsd: 0.105,
        byModel: [
          { model: "gpt-4o", costUsd: 0.1, inputTokens: 100, outputTokens: 10, calls: 1 },
          { model: "claude-haiku-4-5", costUsd: 0.005, inputTokens: 100, outputTokens: 10, calls: 1 },
        ],
      },
      { date: "2026-03-03", totalCostUsd: 0, byModel: [] },
      {
        date: "2026-03-04",
        totalCostUsd: 1,
        byModel: [{ model: "gpt-4o", costUsd: 1, inputTokens: 100, outputTokens: 10, calls: 1 }],
      },
      { date: "2026-03-05", totalCostUsd: 0, byModel: [] },
    ]);
    expect(await t.deps.store.costs.pending(account.workspaceId, 10)).toEqual([]);
  });

  it("agrees with the summary over the same whole days", async () => {
    const data = await expectData<DailyCost>(await daily("?from=2026-03-01&to=2026-03-04"), 200);
    const summary = await expectData<{ totalCostUsd: number }>(
      await t.request("GET", "/v1/cost/summary?from=2026-03-01&to=2026-03-04", {
        headers: withKey(account.apiKey),
      }),
      200,
    );
    const total = data.days.reduce((sum, day) => sum + day.totalCostUsd, 0);
    expect(Math.round(total * 1e9) / 1e9).toBe(summary.totalCostUsd);
  });

  it("answers a one-day range and a range of 366 days", async () => {
    const one = await expectData<DailyCost>(await daily("?from=2026-03-02&to=2026-03-02"), 200);
    expect(one.days.map((day) => [day.date, day.totalCostUsd])).toEqual([["2026-03-02", 0.105]]);

    const year = await expectData<DailyCost>(await daily("?from=2025-03-05&to=2026-03-05"), 200);
    expect(year.days).toHaveLength(366);
    expect(year.days[0]?.date).toBe("2025-03-05");
    expect(year.days.at(-1)?.date).toBe("2026-03-05");
    expect(year.days.reduce((sum, day) => sum + day.byModel.length, 0)).toBe(4);
  });

  it("is served under the dashboard API with the session token and the workspace header", async () => {
    const viaKey = await expectData<DailyCost>(await daily("?from=2026-03-01&to=2026-03-02"), 200);
    const viaSession = await expectData<DailyCost>(
      await t.request("GET", "/dashboard/api/v1/cost/daily?from=2026-03-01&to=2026-03-02", {
        headers: { authorization: `Bearer ${account.token}`, "x-workspace-id": account.workspaceId },
      }),
      200,
    );
    expect(viaSession).toEqual(viaKey);
  });

  it.each([
    ["from after to", "?from=2026-03-05&to=2026-03-01", "from"],
    ["a range of 367 days", "?from=2025-03-04&to=2026-03-05", "to"],
    ["a missing from", "?to=2026-03-05", "from"],
    ["a missing to", "?from=2026-03-05", "to"],
    ["a timestamp instead of a date", "?from=2026-03-01T00:00:00.000Z&to=2026-03-05", "from"],
    ["a date that does not exist", "?from=2026-02-30&to=2026-03-05", "from"],
    ["a malformed date", "?from=2026-3-1&to=2026-03-05", "from"],
  ])("answers 400 VALIDATION_ERROR for %s", async (_name, query, path) => {
    const error = await expectError(await daily(query), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain(path);
  });

  it("answers 401 without an API key", async () => {
    await expectError(await daily("?from=2026-03-01&to=2026-03-02", {}), 401, "AUTH_ERROR");
  });
});
