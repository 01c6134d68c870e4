import * as z from "zod";
import { LlmMessage } from "./llm-step";

/** Body of POST /v1/workflow-runs/:id/steps/:stepName/replay: what to change from the recorded call. */
export const ReplayInput = z
  .strictObject({
    model: z.string().min(1).max(100).optional(),
    systemPrompt: z.string().min(1).max(100_000).optional(),
    messages: z
      .array(LlmMessage)
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "Placeholders are filled from the run's input and its state now" }),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.int().min(1).max(200_000).optional(),
  })
  .meta({
    id: "ReplayInput",
    description: "Overrides of the recorded call; an empty body replays it as it was",
  });
export type ReplayInput = z.infer<typeof ReplayInput>;

/** What one answer used and cost. */
export interface AnswerFigures {
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** One replay of an llm step's call, kept with its run (listed per step). */
export interface StepReplay {
  id: string;
  workflowRunId: string;
  stepName: string;
  /** The step run whose recorded prompt was replayed. */
  stepRunId: string;
  overrides: ReplayInput;
  /** The new answer; null when the call failed (`error`). */
  text: string | null;
  json: Record<string, unknown> | null;
  /** The error of a failed call, or why the answer fails the step's checks (which a replay only reports). */
  error: string | null;
  passedChecks: boolean;
  answer: AnswerFigures | null;
  original: AnswerFigures & { text: string | null };
  /** A unified diff from the original answer to the new one: of the texts, or of the JSON (keys sorted). */
  diff: { format: "text" | "json"; patch: string | null } | null;
  createdAt: string;
}
