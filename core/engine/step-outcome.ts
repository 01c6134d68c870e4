import type { StepWait } from "./run-record";

type Json = Record<string, unknown>;

/** An event the attempt produced along the way (an LLM call, a fallback, a tool call), recorded in order. */
export interface AttemptEvent {
  eventType: string;
  payload: Json;
}

/**
 * What one attempt of a step came to. Executors return it; apply-outcome turns it into the transition the
 * state tables allow. `input` is what the step ran with (its rendered configuration), kept on the step run.
 */
export type StepOutcome =
  | { kind: "completed"; input?: Json; output: Json; mergeIntoState?: boolean; nextStepName?: string }
  | { kind: "waiting"; input?: Json; wait: Extract<StepWait, { kind: "timer" | "signal" }> }
  | {
      kind: "approval";
      input?: Json;
      contentKey: string;
      content: Json;
      prompt: string | null;
      deadlineMs: number | null;
    }
  | { kind: "failed"; input?: Json; error: string; retryable: boolean };
