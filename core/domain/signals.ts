import * as z from "zod";
import { boundedJsonObject } from "./bounded-json";
import { LIMITS } from "./limits";
import type { StepWait } from "./run-cursor";

type Json = Record<string, unknown>;

/** A signal as sent to a run (POST /v1/workflow-runs/:id/signals, the MCP tool send_signal). */
export const SignalInput = z
  .object({
    signalType: z.string().min(1).max(100),
    payload: boundedJsonObject(LIMITS.signalPayloadBytes).default({}),
    id: z.string().min(1).max(200).optional().meta({
      description: "Makes sending idempotent: a signal with an id the run has seen is applied once",
    }),
  })
  .meta({ id: "SignalInput" });

/** A signal that arrived before its step: kept on the run until a step waiting for its type takes it. */
export interface BufferedSignal {
  id: string | null;
  signalType: string;
  payload: Json;
  receivedAt: string;
}

/**
 * What the run keeps of the signals sent to it (RunRecord.signals), written when a signal is sent and when a
 * step takes the buffered ones. Absent when both are empty.
 */
export interface RunSignals {
  /** Signals sent before the run reached a step waiting for them, oldest first. Absent when none. */
  inbox?: BufferedSignal[];
  /** The `id`s of signals sent with one, newest last (at most LIMITS.signalIdsKept): a repeat is applied once. */
  ids?: string[];
}

/** Sets the run's `field` of its signals, leaving out what is empty, so a run without any has no `signals`. */
export function setSignals<K extends keyof RunSignals>(
  run: { signals?: RunSignals },
  field: K,
  value: NonNullable<RunSignals[K]>,
): void {
  const { [field]: _old, ...others } = run.signals ?? {};
  const next: RunSignals = value.length > 0 ? { ...others, [field]: value } : others;
  if (Object.keys(next).length > 0) run.signals = next;
  else delete run.signals;
}

export type SignalWait = Extract<StepWait, { kind: "signal" }>;

/** The types a wait takes. */
export function waitedTypes(wait: SignalWait): string[] {
  return wait.signalTypes ?? [wait.signalType];
}

export type Acceptance =
  /** Not a type this wait takes (or, with mode all, one it already has). */
  | { kind: "refused" }
  /** Taken; the wait goes on for the other types. */
  | { kind: "partial"; wait: SignalWait }
  /** Taken, and the step is complete with this output. */
  | { kind: "done"; output: Json };

/**
 * How a waiting external_event step takes a signal (docs/flow.md, "Several signals"). One type (the spec's
 * step): the payload is the output. Several, mode any: the first completes the step with `{<type>: payload}`.
 * Mode all: each type's first payload is kept until every type has arrived; the output has them all.
 */
export function acceptSignal(wait: SignalWait, signalType: string, payload: Json): Acceptance {
  if (!waitedTypes(wait).includes(signalType)) return { kind: "refused" };
  if (!wait.signalTypes) return { kind: "done", output: payload };
  if ((wait.mode ?? "any") === "any") return { kind: "done", output: { [signalType]: payload } };
  if (wait.received?.[signalType] !== undefined) return { kind: "refused" };
  const received = { ...wait.received, [signalType]: payload };
  if (wait.signalTypes.every((type) => received[type] !== undefined))
    return { kind: "done", output: received };
  return { kind: "partial", wait: { ...wait, received } };
}
