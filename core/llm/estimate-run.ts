import {
  DEFAULT_ANSWER_TOKENS,
  type LlmSpend,
  monthOf,
  promptTokens,
  type RunBudget,
} from "../domain/budget";
import { roundUsd } from "../domain/cost-record";
import { NotFoundError } from "../domain/errors";
import { BoundExceeded } from "../domain/limits";
import type { LlmUsage, ProviderName } from "../domain/llm-call";
import { type CallCost, priceForModel } from "../domain/pricing";
import { DEFAULT_RETRY_POLICY } from "../domain/retry-policy";
import type { AgentStep, LlmStep } from "../domain/step";
import { allStepLists } from "../domain/step-lists";
import type { McpAccess } from "../mcp-servers/mcp-access";
import type { Clock } from "../ports/clock";
import type { Store } from "../ports/store";
import type { FindTool } from "../remote-tools/find-tool";
import { planCandidates } from "./candidates";
import { renderPrompt } from "./prompt";
import { type LoadCredentials, missingKeyError } from "./provider-credentials";
import { resolveStepTools } from "./step-tools";

export interface EstimateDeps {
  store: Pick<Store, "definitions" | "workspaceBudgets">;
  loadCredentials: LoadCredentials;
  findTool: FindTool;
  mcp: McpAccess;
  price: (model: string, usage: LlmUsage) => CallCost;
  defaultModel: (provider: ProviderName) => string;
  clock: Clock;
}

interface Range {
  min: number;
  max: number;
}

export interface StepEstimate {
  stepName: string;
  model: string;
  provider: ProviderName | null;
  inputTokens: Range;
  outputTokens: Range;
  costUsd: Range;
  /**
   * The most calls one run may make for this step: attempts × (tool rounds + 1 + repairs) × models for an
   * llm step, attempts × maxTurns × models for an agent.
   */
  maxCalls: number;
  /** False when the model has no price: its cost counts as 0 here, as in the run's cost. */
  priced: boolean;
}

export interface Problem {
  stepName: string;
  field: string;
  message: string;
}

type Verdict = "within" | "may-exceed" | "exceeds";

export interface RunEstimate {
  definitionId: string;
  valid: boolean;
  problems: Problem[];
  steps: StepEstimate[];
  total: { inputTokens: Range; outputTokens: Range; costUsd: Range };
  budget: {
    run: { maxCostUsd: number | null; maxTokens: number | null; verdict: Verdict } | null;
    workspace: { remainingUsd: number | null; remainingTokens: number | null; verdict: Verdict } | null;
  };
}

/**
 * POST /v1/workflow-runs/estimate (docs/llm.md, "Dry run"): what a run of the definition with this input
 * would need and may cost, without creating it or calling a model. Each llm and agent step's prompt is rendered
 * from the input (placeholders filled by earlier steps count as empty), its models resolved, its keys and
 * tools looked up; what would fail is reported as a problem. One call's range: the prompt counted at 4
 * and at 3 bytes a token, the answer from 1 token to its bound; `maxCalls` says how far retries, tool
 * rounds, repairs and fallbacks could multiply it. The verdict compares the steps' total range with the
 * run's budget and with what the workspace's month has left.
 */
export async function estimateRun(
  deps: EstimateDeps,
  workspaceId: string,
  request: { definitionId: string; input: Record<string, unknown>; budget?: RunBudget | undefined },
): Promise<RunEstimate> {
  const definition = await deps.store.definitions.get(workspaceId, request.definitionId);
  if (!definition) throw new NotFoundError("Workflow definition");
  const [credentials, workspaceBudget] = await Promise.all([
    deps.loadCredentials(workspaceId),
    deps.store.workspaceBudgets.get(workspaceId),
  ]);
  const problems: Problem[] = [];
  const steps: StepEstimate[] = [];
  for (const step of allStepLists(definition.stepsJson).flatMap((list) => list.steps)) {
    if (step.type !== "llm" && step.type !== "agent") continue;
    const problem = (field: string, message: string) =>
      problems.push({ stepName: step.name, field, message });
    const plan = planCandidates(step, credentials.fallbackProviders, deps.defaultModel);
    if (!plan.ok) problem("model", plan.error);
    const named = plan.ok ? plan.candidates.slice(0, 1 + (step.fallbackModels?.length ?? 0)) : [];
    for (const candidate of named) {
      if (!credentials.keys[candidate.provider])
        problem("model", `${candidate.model}: ${missingKeyError(candidate.provider, credentials)}`);
    }
    const tools = await resolveStepTools(deps, workspaceId, step.tools ?? []);
    if (!tools.ok) problem("tools", tools.error);
    let prompt: ReturnType<typeof renderPrompt>;
    try {
      prompt = renderPrompt(step, { input: request.input, state: { input: request.input } });
    } catch (error) {
      if (!(error instanceof BoundExceeded)) throw error;
      problem("messages", error.message);
      continue;
    }
    const specs = tools.ok ? tools.tools.specs : [];
    const high = promptTokens({ system: prompt.system, messages: prompt.messages, tools: specs });
    steps.push(estimateStep(deps, step, plan.ok ? plan.candidates : [], Math.ceil((high * 3) / 4), high));
  }

  const total = {
    inputTokens: sum(steps.map((step) => step.inputTokens)),
    outputTokens: sum(steps.map((step) => step.outputTokens)),
    costUsd: sum(
      steps.map((step) => step.costUsd),
      roundUsd,
    ),
  };
  const tokens = {
    min: total.inputTokens.min + total.outputTokens.min,
    max: total.inputTokens.max + total.outputTokens.max,
  };
  const runBudget = request.budget ?? definition.budget;
  const month = monthOf(deps.clock.nowMs());
  const ledger = workspaceBudget ? await deps.store.workspaceBudgets.ledger(workspaceId, month) : undefined;
  const claimed: LlmSpend = ledger?.claimed ?? { costUsd: 0, tokens: 0 };
  const remainingUsd =
    workspaceBudget?.maxCostUsd === undefined ? null : roundUsd(workspaceBudget.maxCostUsd - claimed.costUsd);
  const remainingTokens =
    workspaceBudget?.maxTokens === undefined ? null : workspaceBudget.maxTokens - claimed.tokens;
  return {
    definitionId: definition.id,
    valid: problems.length === 0,
    problems,
    steps,
    total,
    budget: {
      run: runBudget
        ? {
            maxCostUsd: runBudget.maxCostUsd ?? null,
            maxTokens: runBudget.maxTokens ?? null,
            verdict: worse(
              verdict(total.costUsd, runBudget.maxCostUsd ?? null),
              verdict(tokens, runBudget.maxTokens ?? null),
            ),
          }
        : null,
      workspace: workspaceBudget
        ? {
            remainingUsd,
            remainingTokens,
            verdict: worse(verdict(total.costUsd, remainingUsd), verdict(tokens, remainingTokens)),
          }
        : null,
    },
  };
}

/**
 * An llm step's ranges are one call's; an agent's run from one turn (at least one is taken) to `maxTurns`
 * of them, each turn priced like the first: its worst case. What the conversation adds to later turns'
 * prompts (answers and tool results) is not known before the run and is not counted.
 */
function estimateStep(
  deps: Pick<EstimateDeps, "price">,
  step: LlmStep | AgentStep,
  candidates: readonly { model: string; provider: ProviderName }[],
  lowPrompt: number,
  highPrompt: number,
): StepEstimate {
  const provider = candidates[0]?.provider ?? null;
  const answer = step.maxTokens ?? DEFAULT_ANSWER_TOKENS;
  const cost = (input: number, output: number) =>
    deps.price(step.model, { inputTokens: input, outputTokens: output, cachedInputTokens: 0 }).costUsd;
  const attempts = step.retry?.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts;
  const turns = step.type === "agent" ? step.maxTurns : 1;
  const callsPerModel = step.type === "agent" ? turns : step.maxToolRounds + 1 + (step.repairAttempts ?? 1);
  return {
    stepName: step.name,
    model: step.model,
    provider,
    inputTokens: { min: lowPrompt, max: highPrompt * turns },
    outputTokens: { min: 1, max: answer * turns },
    costUsd: { min: cost(lowPrompt, 1), max: roundUsd(cost(highPrompt, answer) * turns) },
    maxCalls: attempts * callsPerModel * Math.max(1, candidates.length),
    priced: priceForModel(step.model) !== undefined,
  };
}

function sum(ranges: readonly Range[], round: (value: number) => number = (value) => value): Range {
  return {
    min: round(ranges.reduce((total, range) => total + range.min, 0)),
    max: round(ranges.reduce((total, range) => total + range.max, 0)),
  };
}

function verdict(range: Range, cap: number | null): Verdict {
  if (cap === null || range.max <= cap) return "within";
  return range.min > cap ? "exceeds" : "may-exceed";
}

const ORDER: readonly Verdict[] = ["within", "may-exceed", "exceeds"];

function worse(a: Verdict, b: Verdict): Verdict {
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}
