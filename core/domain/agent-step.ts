import * as z from "zod";
import { LIMITS } from "./limits";
import { declaredToolNames, llmStepFields } from "./llm-step";
import { commonFields, StepType } from "./step-fields";
import { DEFAULT_SUMMARY_WORDS, DEFAULT_THREAD_WINDOW_TOKENS, THREAD_PROMPT_MESSAGES } from "./thread";
import { EventFilter } from "./trigger";

export const DEFAULT_MAX_TURNS = 50;

/**
 * The llm step's fields, but for its one-attempt tool loop (maxToolRounds), which turns replace, and its
 * response cache and token stream, which an agent does not offer.
 */
const { maxToolRounds: _turnsInstead, cache: _noCache, stream: _noStream, ...sharedWithLlm } = llmStepFields;

/**
 * The agent step (docs/agents.md): a model that calls tools turn after turn until it answers without one.
 * Unlike an llm step, whose tool rounds run inside one attempt, every model turn and every turn's tool calls
 * are committed on their own, so a crash repeats at most the call in flight, and the step may take thousands
 * of turns: `maxTurns` bounds it instead of the lease and the step bound.
 */
export const AgentStep = z
  .strictObject({
    type: z.literal(StepType.Agent),
    ...commonFields,
    ...sharedWithLlm,
    instructions: z.string().min(1).optional().meta({
      description:
        "The agent's system prompt, templated: the same as systemPrompt, under the name agents use (give one)",
    }),
    maxTurns: z
      .int()
      .min(1)
      .max(LIMITS.agentTurns)
      .default(DEFAULT_MAX_TURNS)
      .meta({ description: `Model turns the step may take before it fails (default ${DEFAULT_MAX_TURNS})` }),
    toolChoice: z
      .union([z.enum(["auto", "required", "none"]), z.strictObject({ tool: z.string().min(1).max(64) })])
      .optional()
      .meta({
        description:
          "Whether each turn must call a tool: auto (the default), required (some tool), none, or {tool} (that one); a turn that must call one can only end the step by stopWhen",
      }),
    thread: z.boolean().optional().meta({
      description:
        "Start from the latest messages of the run's thread (its threadId), within threadWindowTokens, and add the step's prompt and final answer to it",
    }),
    threadWindowTokens: z
      .int()
      .min(100)
      .max(200_000)
      .optional()
      .meta({
        description: `Tokens of the thread's latest messages the model is given at most (default ${DEFAULT_THREAD_WINDOW_TOKENS}; estimated at four characters a token)`,
      }),
    threadSummary: z
      .strictObject({
        maxWords: z
          .int()
          .min(20)
          .max(1000)
          .default(DEFAULT_SUMMARY_WORDS)
          .meta({
            description: `Words the summary may take (default ${DEFAULT_SUMMARY_WORDS}), asked of the model`,
          }),
      })
      .optional()
      .meta({
        description:
          "With thread: true, the thread's messages older than the window are summarized by the step's model (a unit of its own, kept in the thread for the steps after it) and given to the model with the system prompt",
      }),
    stopWhen: z
      .strictObject({
        toolCalled: z.string().min(1).max(64).optional().meta({
          description:
            "One of the step's tools (by the name the model sees): once a turn's calls of it have run, the step completes",
        }),
        toolResult: z
          .strictObject({
            tool: z.string().min(1).max(64),
            matches: EventFilter.meta({
              description:
                "Paths into the tool's result and the values they must have, as a trigger's filter",
            }),
          })
          .optional()
          .meta({
            description:
              "Once a call of this tool answers with a result that matches, the step completes with that result",
          }),
      })
      .refine((stop) => stop.toolCalled !== undefined || stop.toolResult !== undefined, {
        message: "stopWhen needs toolCalled or toolResult",
      })
      .optional()
      .meta({
        description: "Ends the agent before an answer without tool calls (default: that answer ends it)",
      }),
  })
  .superRefine((step, ctx) => {
    const stopTool = step.stopWhen?.toolCalled;
    const resultTool = step.stopWhen?.toolResult?.tool;
    const declared = declaredToolNames(step.tools ?? []);
    // An MCP server's whole list is known when the step runs: a name it does not list fails the step then.
    const known = (name: string) => declared.open || declared.names.includes(name);
    if (stopTool !== undefined && !known(stopTool)) {
      ctx.addIssue({
        code: "custom",
        path: ["stopWhen", "toolCalled"],
        message: `stopWhen.toolCalled names "${stopTool}", which is not one of the step's tools`,
      });
    }
    if (resultTool !== undefined && !known(resultTool)) {
      ctx.addIssue({
        code: "custom",
        path: ["stopWhen", "toolResult", "tool"],
        message: `stopWhen.toolResult names "${resultTool}", which is not one of the step's tools`,
      });
    }
    const forced = step.toolChoice === "required" || typeof step.toolChoice === "object";
    if (typeof step.toolChoice === "object" && !known(step.toolChoice.tool)) {
      ctx.addIssue({
        code: "custom",
        path: ["toolChoice", "tool"],
        message: `toolChoice names "${step.toolChoice.tool}", which is not one of the step's tools`,
      });
    } else if (forced && stopTool === undefined && resultTool === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["toolChoice"],
        message:
          "A toolChoice that makes every turn call a tool needs stopWhen (toolCalled or toolResult): no answer could end the step",
      });
    }
    if (step.threadSummary && !step.thread) {
      ctx.addIssue({ code: "custom", path: ["threadSummary"], message: "threadSummary needs thread: true" });
    }
    if (step.thread && (step.messages?.length ?? 0) > THREAD_PROMPT_MESSAGES) {
      ctx.addIssue({
        code: "custom",
        path: ["messages"],
        message: `An agent step with thread: true adds its messages to the thread: at most ${THREAD_PROMPT_MESSAGES}`,
      });
    }
    if (step.instructions !== undefined && step.systemPrompt !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["instructions"],
        message: "instructions and systemPrompt are the same field: give one of them",
      });
    }
    const system = step.systemPrompt ?? step.instructions;
    if ((step.messages?.length ?? 0) > 0 || system !== undefined) return;
    ctx.addIssue({
      code: "custom",
      path: ["messages"],
      message: "An agent step needs messages (at least one), or instructions (or systemPrompt)",
    });
  })
  .meta({
    id: "AgentStep",
    description:
      "A model calling tools turn after turn, each turn and each turn's tool calls committed, until it answers without a tool call",
  });

export type AgentStep = z.infer<typeof AgentStep>;

/**
 * Where an agent step stands, kept on its active step (ActiveStep.agent) and moved by each of its commits. Its
 * size does not grow with the conversation, which lies in the blob store in chunks, reached from the tail
 * that `transcript` names (core/llm/agent-transcript.ts).
 */
export interface AgentProgress {
  /** Model turns committed so far. */
  turns: number;
  /**
   * The blob holding the conversation's tail, which names the sealed chunks before it: each unit stores a
   * tail under a new name.
   */
  transcript: string;
  /** The conversation's bytes, chunks and tail together, bounded by LIMITS.agentTranscriptBytes. */
  bytes?: number;
  /** The tail before this one, unless it was sealed: removed by the next unit, once this one's commit has landed. */
  discard?: string;
  /** The model and provider that gave the last turn's answer. */
  answeredBy?: { model: string; provider: string };
  /** Final answers sent back for repair so far (not the JSON asked for), each its own turn. */
  repairs?: number;
  /** The last turn asked for tools that have not run yet: the next unit runs them. */
  toolsPending: boolean;
  /**
   * The thread's messages the step started from (`seq` from..to; to < from: none), chosen by its first turn:
   * every later unit gives the model the same ones, whatever the thread gained meanwhile; `summaryUpTo`, the
   * summary of the messages before them that the step's own first unit wrote or found (threadSummary).
   */
  thread?: { from: number; to: number; summaryUpTo?: number };
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}
