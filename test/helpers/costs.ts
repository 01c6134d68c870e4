import { settleAttemptCost } from "../../core/cost/rollup";
import type { AttemptCost, CostCall } from "../../core/domain/cost-record";
import type { TestApp } from "./test-app";

/** One model call of 100 input and 10 output tokens; gpt-* models are OpenAI's, the others Anthropic's. */
export const costCall = (
  model: string,
  createdAt: string,
  costUsd: number,
  stepName = "write",
): CostCall => ({
  stepName,
  model,
  provider: model.startsWith("gpt") ? "openai" : "anthropic",
  inputTokens: 100,
  outputTokens: 10,
  costUsd,
  createdAt,
});

export type MakeAttempt = (workspaceId: string, runId: string, calls: CostCall[]) => AttemptCost;

/**
 * Makes the cost records of first attempts, numbered `<idPrefix>000001`, `<idPrefix>000002`, … so that, like
 * the ULIDs the engine gives them, their ids sort in the order they were made.
 */
export function attemptMaker(idPrefix: string): MakeAttempt {
  let ids = 0;
  return (workspaceId, runId, calls) => {
    ids += 1;
    return {
      id: `${idPrefix}${String(ids).padStart(6, "0")}`,
      workspaceId,
      workflowRunId: runId,
      stepRunId: `stp_${runId}`,
      attempt: 1,
      calls,
    };
  };
}

/**
 * The spend the cost endpoints are tested on, in one workspace (the tests' expected totals come from it):
 * - run_a, one attempt spanning midnight: gpt-4o on March 1 at 09:00 ($0.01) and 23:59 ($0.02), then
 *   claude-haiku-4-5 on March 2 at 00:30 ($0.005);
 * - run_b: gpt-4o on March 2 at noon ($0.1), and on March 4 at 08:00 ($1) left pending, as if the process
 *   died before its rollup, so the endpoints' own sweep must count it.
 */
export async function seedMarchCosts(t: TestApp, workspaceId: string, attempt: MakeAttempt): Promise<void> {
  await settleAttemptCost(
    t.deps,
    attempt(workspaceId, "run_a", [
      costCall("gpt-4o", "2026-03-01T09:00:00.000Z", 0.01),
      costCall("gpt-4o", "2026-03-01T23:59:00.000Z", 0.02),
      costCall("claude-haiku-4-5", "2026-03-02T00:30:00.000Z", 0.005),
    ]),
  );
  await settleAttemptCost(
    t.deps,
    attempt(workspaceId, "run_b", [costCall("gpt-4o", "2026-03-02T12:00:00.000Z", 0.1)]),
  );
  await t.deps.store.costs.put(
    attempt(workspaceId, "run_b", [costCall("gpt-4o", "2026-03-04T08:00:00.000Z", 1)]),
  );
}
