import {
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
  ProviderError,
  type ProviderName,
  type ToolCall,
} from "../../../core/domain/llm-call";
import { costUsd } from "../../../core/domain/pricing";
import type { RunRecord } from "../../../core/domain/run-record";
import type { LlmStep } from "../../../core/domain/step";
import { LlmStep as LlmStepSchema } from "../../../core/domain/step";
import type { StepOutcome } from "../../../core/domain/step-outcome";
import { createLlmExecutor } from "../../../core/llm/llm-step";
import type { LlmExecutorDeps } from "../../../core/llm/model-session";
import type { ProviderCredentials } from "../../../core/llm/provider-credentials";
import type { CallTool } from "../../../core/remote-tools/call-remote-tool";
import type { CallableTool } from "../../../core/remote-tools/find-tool";
import { noMcpServers } from "../../helpers/no-mcp";

/** What a scripted provider answers to one call: an answer, a classified failure, or a function of the request. */
export type Scripted =
  | { text?: string; toolCalls?: ToolCall[]; inputTokens?: number; outputTokens?: number }
  | ProviderError
  | ((request: LlmRequest) => LlmResponse);

/** An in-process implementation of our LlmProvider port that answers from a script and records requests. */
export function scriptedProvider(name: ProviderName, ...script: Scripted[]) {
  const requests: LlmRequest[] = [];
  const provider: LlmProvider & { requests: LlmRequest[]; script: Scripted[] } = {
    name,
    requests,
    script,
    async complete(request) {
      requests.push(structuredClone(request));
      const next = script.shift();
      if (next === undefined) throw new ProviderError(name, "server", `${name}: nothing scripted`);
      if (next instanceof ProviderError) throw next;
      if (typeof next === "function") return next(request);
      return {
        text: next.text ?? "",
        toolCalls: next.toolCalls ?? [],
        usage: {
          inputTokens: next.inputTokens ?? 100,
          outputTokens: next.outputTokens ?? 20,
          cachedInputTokens: 0,
        },
        model: request.model,
      };
    },
  };
  return provider;
}

export const failure = (provider: ProviderName, kind: ProviderError["kind"], message = `${kind} failure`) =>
  new ProviderError(provider, kind, message);

export function llmStep(fields: Record<string, unknown>): Promise<LlmStep> {
  return LlmStepSchema.parseAsync({
    type: "llm",
    name: "write",
    messages: [{ role: "user", content: "Hi" }],
    ...fields,
  });
}

export function runRecord(overrides: Partial<RunRecord> = {}): RunRecord {
  const now = "2026-11-20T10:00:00.000Z";
  return {
    id: "run_1",
    workspaceId: "wsp_1",
    definitionId: "def_1",
    status: "RUNNING",
    input: {},
    output: null,
    idempotencyKey: null,
    supersessionKey: null,
    createdAt: now,
    updatedAt: now,
    state: {},
    version: 3,
    eventSeq: 2,
    stepRunSeq: 1,
    stepsExecuted: 1,
    active: null,
    nextStepName: null,
    startedAtMs: 0,
    seq: 1,
    defSeq: 1,
    ...overrides,
  };
}

const unused = (): never => {
  throw new Error("the unit harness has no workspace budget");
};

export interface Harness {
  run(step: LlmStep, run?: RunRecord): Promise<StepOutcome>;
  toolCalls: { tool: string; arguments: Record<string, unknown>; callId: string }[];
}

/**
 * The executor with in-process dependencies: providers from the test, credentials as given, and remote
 * tools answered by `tools` (a function per registered tool name).
 */
export function executorHarness(options: {
  providers: Partial<Record<ProviderName, LlmProvider>>;
  credentials?: ProviderCredentials;
  tools?: Record<string, (args: Record<string, unknown>) => Awaited<ReturnType<CallTool>>>;
}): Harness {
  const toolCalls: Harness["toolCalls"] = [];
  const registered = options.tools ?? {};
  let clock = Date.parse("2026-11-20T10:00:00.000Z");
  const deps: LlmExecutorDeps = {
    providers: options.providers,
    loadCredentials: async () =>
      options.credentials ?? {
        keys: { openai: "sk-server-openai-key", anthropic: "sk-ant-server-key" },
        fallbackProviders: [],
      },
    mcp: noMcpServers,
    findTool: async (_workspaceId, name) =>
      name in registered
        ? ({
            id: `tol_${name}`,
            name,
            url: "https://tools.example.com",
            timeoutMs: 1000,
            secret: "tsec_x",
          } satisfies CallableTool)
        : undefined,
    callTool: async (tool, request) => {
      toolCalls.push({ tool: tool.name, arguments: request.arguments, callId: request.callId });
      const answer = registered[tool.name];
      if (!answer) throw new Error("unregistered");
      return answer(request.arguments);
    },
    price: (model, usage) => costUsd(model, usage),
    // No workspace budget here: its ledger is DynamoDB's, tested end to end (test/llm/workspace-budget.test.ts).
    workspaceBudgets: {
      get: async () => undefined,
      claim: unused,
      settle: unused,
      markWarned: unused,
      ledger: unused,
    },
    llmCache: { get: unused, put: unused },
    defaultModel: (provider) =>
      ({ openai: "gpt-4o-mini", anthropic: "claude-haiku-4-5", google: "gemini-2.0-flash" })[provider],
    clock: {
      // Every reading moves time on a little, so durations are positive and timestamps ordered.
      nowMs: () => {
        clock += 5;
        return clock;
      },
      sleep: async () => {},
    },
    timeoutMs: 1234,
    costId: () => "cost_1",
  };
  const execute = createLlmExecutor(deps);
  return {
    toolCalls,
    run: (step, run = runRecord()) =>
      execute({
        step,
        run,
        stepRun: {
          id: "stp_1",
          workflowRunId: run.id,
          stepName: step.name,
          stepType: "llm",
          status: "RUNNING",
          attempt: 1,
          input: null,
          output: null,
          error: null,
          startedAt: run.createdAt,
          completedAt: null,
          createdAt: run.createdAt,
          updatedAt: run.createdAt,
        },
        nowMs: 0,
      }),
  };
}

export const eventTypes = (outcome: StepOutcome) => (outcome.events ?? []).map((event) => event.eventType);
export const eventsOf = (outcome: StepOutcome, type: string) =>
  (outcome.events ?? []).filter((event) => event.eventType === type).map((event) => event.payload);
