import { settleAttemptCost } from "../cost/rollup";
import { monthOf } from "../domain/budget";
import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import type { LlmMessage, LlmProvider, LlmUsage, ProviderName } from "../domain/llm-call";
import type { CallCost } from "../domain/pricing";
import type { AnswerFigures, ReplayInput, StepReplay } from "../domain/replay";
import type { StepRun } from "../domain/run";
import { stepsInScope } from "../domain/step-lists";
import { canonicalJson, unifiedDiff } from "../domain/text-diff";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";
import { AttemptLog } from "./attempt-log";
import { BudgetGuard } from "./budget-guard";
import { converse } from "./conversation";
import { checkOutput } from "./output-checks";
import { renderPrompt } from "./prompt";
import { type LoadCredentials, missingKeyError } from "./provider-credentials";
import { unwrapJsonFence } from "./providers/shared";
import { providerForModel } from "./resolve-provider";

export interface ReplayDeps extends Pick<Deps, "store" | "clock" | "log" | "random"> {
  providers: Partial<Record<ProviderName, LlmProvider>>;
  loadCredentials: LoadCredentials;
  price: (model: string, usage: LlmUsage) => CallCost;
  /** The call's deadline: the API's own time limit bounds it below LLM_TIMEOUT_MS. */
  timeoutMs: number;
  /** Fresh time-ordered ids (ULIDs) for the replay and its cost record. */
  newId: () => string;
}

/** The rendered prompt an llm attempt recorded on its step run (`input` of llm-step.ts). */
interface RecordedCall {
  model: string;
  system?: string;
  messages: LlmMessage[];
}

/**
 * POST /v1/workflow-runs/:id/steps/:stepName/replay (docs/llm.md, "Replay and compare"): the step's last
 * recorded call made again, with the caller's changes, outside the run: the run is not changed, the new
 * answer is checked as the step would check it but only reported, and the replay is kept with its run.
 * Its cost is recorded like an attempt's (so budgets and summaries count it), claimed from the workspace's
 * monthly budget first. Tools are not offered: a replay must not call the customer's tools again.
 */
export async function replayStep(
  deps: ReplayDeps,
  workspaceId: string,
  runId: string,
  stepName: string,
  overrides: ReplayInput,
): Promise<StepReplay> {
  const run = await deps.store.runs.get(workspaceId, runId);
  if (!run) throw new NotFoundError("Workflow run");
  const definition = await deps.store.definitions.get(workspaceId, run.definitionId);
  const step = stepsInScope(definition?.stepsJson ?? [], run.scope)?.find(
    (candidate) => candidate.name === stepName,
  );
  if (!definition || !step) throw new NotFoundError("Step");
  if (step.type !== "llm")
    throw new ValidationError(`Step "${stepName}" is a ${step.type} step; only llm steps replay`);
  const stepRun = (await deps.store.runs.stepRuns(run))
    .filter((candidate) => candidate.stepName === stepName && recordedCall(candidate) !== undefined)
    .at(-1);
  const recorded = stepRun && recordedCall(stepRun);
  if (!stepRun || !recorded)
    throw new ConflictError(`Step "${stepName}" has not called a model in this run yet`);

  const scope = { input: run.input, state: run.state };
  const rendered = renderPrompt(
    { systemPrompt: overrides.systemPrompt, messages: overrides.messages },
    scope,
  );
  const system =
    overrides.systemPrompt !== undefined || overrides.messages ? rendered.system : recorded.system;
  const messages = overrides.messages ? rendered.messages : recorded.messages;
  const original = originalAnswer(stepRun, recorded);
  const model = overrides.model ?? original.model;
  const provider = providerForModel(model);
  if (!provider)
    throw new ValidationError(`Model "${model}" has no known prefix (gpt-, o1-, o3-, o4-, claude-, gemini-)`);
  const credentials = await deps.loadCredentials(workspaceId);
  const apiKey = credentials.keys[provider];
  const adapter = deps.providers[provider];
  if (!apiKey || !adapter) throw new ValidationError(missingKeyError(provider, credentials));

  const budget = await deps.store.workspaceBudgets.get(workspaceId);
  const log = new AttemptLog(stepName, Object.values(credentials.keys));
  const workspace = budget && {
    workspaceId,
    budget,
    month: monthOf(deps.clock.nowMs()),
    store: deps.store.workspaceBudgets,
  };
  const guard = new BudgetGuard(
    { budget: undefined, spent: undefined, raisedUsd: 0, raisedTokens: 0, warned: true },
    log,
    deps.price,
    () => undefined,
    workspace,
  );
  const json = step.responseFormat === "json" || step.outputSchema !== undefined;
  const result = await converse({
    candidate: { model, provider },
    connect: () => ({ provider: adapter, apiKey }),
    guard,
    ...(system === undefined ? {} : { system }),
    messages,
    temperature: overrides.temperature ?? step.temperature,
    maxTokens: overrides.maxTokens ?? step.maxTokens,
    json,
    tools: [],
    maxToolRounds: 0,
    timeoutMs: deps.timeoutMs,
    clock: deps.clock,
    price: deps.price,
    runTool: () => Promise.reject(new Error("a replay offers no tools")),
    log,
  });
  if (result.kind === "over-budget") throw new ConflictError(result.admission.error);

  const id = deps.newId();
  const cost = log.cost({
    id: deps.newId(),
    workspaceId,
    workflowRunId: run.id,
    definitionId: run.definitionId,
    stepRunId: id,
    attempt: 0,
  });
  if (cost) await settleAttemptCost(deps, cost);

  const totals = log.totals();
  const answered = result.kind === "answered" ? result.response : undefined;
  const checked = answered && checkOutput(step, answered.text);
  const newJson = checked?.ok ? (checked.json ?? null) : null;
  const replay: StepReplay = {
    id,
    workflowRunId: run.id,
    stepName,
    stepRunId: stepRun.id,
    overrides,
    text: answered?.text ?? null,
    json: newJson,
    error:
      result.kind === "answered"
        ? checked?.ok
          ? null
          : (checked?.error ?? null)
        : `${model}: ${result.error}`,
    passedChecks: checked?.ok === true,
    answer: answered ? { model, ...totals } : null,
    original,
    diff: answered ? diffAnswers(json, original, answered.text, newJson) : null,
    createdAt: isoAt(deps.clock.nowMs()),
  };
  await deps.store.replays.put(workspaceId, replay);
  return replay;
}

function recordedCall(stepRun: StepRun): RecordedCall | undefined {
  const input = stepRun.input;
  if (!input || typeof input.model !== "string" || !Array.isArray(input.messages)) return undefined;
  return input as unknown as RecordedCall;
}

/** The answer the step run kept (its output), or only the model asked when the attempt failed. */
function originalAnswer(stepRun: StepRun, recorded: RecordedCall): AnswerFigures & { text: string | null } {
  const output = stepRun.output ?? {};
  const number = (value: unknown) => (typeof value === "number" ? value : 0);
  return {
    model: typeof output.model === "string" ? output.model : recorded.model,
    text: typeof output.text === "string" ? output.text : null,
    inputTokens: number(output.inputTokens),
    outputTokens: number(output.outputTokens),
    costUsd: number(output.costUsd),
  };
}

function diffAnswers(
  json: boolean,
  original: { text: string | null },
  text: string,
  newJson: Record<string, unknown> | null,
): StepReplay["diff"] {
  if (original.text === null) return null;
  const names = { before: "original", after: "replay" };
  if (json && newJson !== null) {
    const before = parseObject(original.text);
    if (before !== undefined) {
      return { format: "json", patch: unifiedDiff(names, canonicalJson(before), canonicalJson(newJson)) };
    }
  }
  return { format: "text", patch: unifiedDiff(names, original.text, text) };
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(unwrapJsonFence(text));
  } catch {
    return undefined;
  }
}
