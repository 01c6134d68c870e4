import * as z from "zod";
import type { LlmMessage, LlmUsage } from "./llm-call";
import type { CallCost } from "./pricing";

const modelName = z.string().min(1).max(100);

/**
 * A run's LLM budget (docs/llm.md, "Budgets"): on a definition, the default of its runs; on a creation,
 * the run's own. Every paid call of the run counts (retries, fallbacks, repairs, tool rounds).
 */
export const RunBudget = z
  .strictObject({
    maxCostUsd: z.number().positive().max(1_000_000).optional(),
    maxTokens: z.int().positive().max(1_000_000_000).optional(),
    warnAt: z.number().gt(0).max(1).optional().meta({
      description: "Fraction of a cap at which BUDGET_WARNING and budget.warning fire, once (default 0.8)",
    }),
    onExceed: z.enum(["stop", "pause", "downgrade"]).meta({
      description:
        "When a call's worst case would cross a cap: fail the step (BUDGET_EXCEEDED), pause the run for an approval of more spend, or call downgradeModel instead",
    }),
    downgradeModel: modelName.optional(),
  })
  .superRefine((budget, ctx) => {
    if (budget.maxCostUsd === undefined && budget.maxTokens === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["maxCostUsd"],
        message: "A budget needs maxCostUsd or maxTokens",
      });
    }
    if ((budget.onExceed === "downgrade") !== (budget.downgradeModel !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["downgradeModel"],
        message: "downgradeModel is required with onExceed downgrade, and only then",
      });
    }
  })
  .meta({
    id: "RunBudget",
    description: "An LLM budget for a run; at least one of maxCostUsd and maxTokens",
  });
export type RunBudget = z.infer<typeof RunBudget>;

export const DEFAULT_WARN_AT = 0.8;

/** What a run has paid for so far, from the cost records its commits wrote. */
export interface LlmSpend {
  costUsd: number;
  tokens: number;
}

export const NO_SPEND: LlmSpend = { costUsd: 0, tokens: 0 };

/** What the run may spend and has spent on model calls: written by the commits that end paid attempts. */
export interface RunSpend {
  /** The run's LLM budget: its creation's, else its definition's (docs/llm.md). Absent: none. */
  budget?: RunBudget;
  /** What the run's committed attempts paid for. Absent until the first paid call. */
  llmSpend?: LlmSpend;
  /** More spend approved on budget requests, added to the caps. */
  budgetRaised?: { costUsd: number; tokens: number };
  /** BUDGET_WARNING was recorded: it fires once per run. */
  budgetWarned?: true;
}

/**
 * The answer's bound when a step sets no maxTokens: the adapters send this as Anthropic's required
 * max_tokens, and budgets assume it for the others (whose own defaults are larger but rarely reached).
 */
export const DEFAULT_ANSWER_TOKENS = 4096;

/** The most one call may cost: its prompt's tokens counted conservatively, and the whole answer bound. */
export interface WorstCase {
  tokens: number;
  costUsd: number;
}

/**
 * Tokens a prompt may take, counted without a provider's tokenizer: one per 3 bytes of UTF-8, where
 * English runs at about 4 and code at about 3, so the count errs high and a cap errs on the safe side.
 */
export function promptTokens(parts: {
  system?: string | undefined;
  messages: readonly LlmMessage[];
  tools?: readonly unknown[] | undefined;
}): number {
  let bytes = Buffer.byteLength(parts.system ?? "");
  for (const message of parts.messages) {
    bytes += Buffer.byteLength(message.content) + 4;
    if (message.role === "assistant" && message.toolCalls)
      bytes += Buffer.byteLength(JSON.stringify(message.toolCalls));
  }
  if (parts.tools && parts.tools.length > 0) bytes += Buffer.byteLength(JSON.stringify(parts.tools));
  return Math.ceil(bytes / 3);
}

export function worstCase(
  model: string,
  inputTokens: number,
  maxTokens: number | undefined,
  price: (model: string, usage: LlmUsage) => CallCost,
): WorstCase {
  const outputTokens = maxTokens ?? DEFAULT_ANSWER_TOKENS;
  return {
    tokens: inputTokens + outputTokens,
    costUsd: price(model, { inputTokens, outputTokens, cachedInputTokens: 0 }).costUsd,
  };
}

/** A workspace's LLM budget per calendar month (UTC): every run's calls count; crossing it stops them. */
export const WorkspaceBudget = z
  .strictObject({
    maxCostUsd: z.number().positive().max(100_000_000).optional(),
    maxTokens: z.int().positive().max(1_000_000_000_000).optional(),
    warnAt: z.number().gt(0).max(1).optional().meta({
      description: "Fraction of a cap at which budget.warning fires, once a month (default 0.8)",
    }),
  })
  .refine((budget) => budget.maxCostUsd !== undefined || budget.maxTokens !== undefined, {
    message: "A budget needs maxCostUsd or maxTokens",
    path: ["maxCostUsd"],
  })
  .meta({ id: "WorkspaceBudget", description: "Body of PUT /v1/budgets: the workspace's monthly LLM caps" });
export type WorkspaceBudget = z.infer<typeof WorkspaceBudget>;

/** The calendar month (UTC, yyyy-mm) of an instant: the period of workspace budgets. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}
