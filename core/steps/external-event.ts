import type { ExternalEventStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";

/**
 * `external_event`: waits for a signal of `signalType` (POST .../resume or .../signals), or for any or all of
 * `signalTypes`, up to `timeoutMs` when given. Signals the run already holds are taken when the wait starts
 * (core/engine/rules/signal-inbox.ts).
 */
export const externalEventExecutor: StepExecutor<ExternalEventStep> = async ({ step, nowMs }) => {
  const types = step.signalTypes ?? [step.signalType ?? ""];
  const several = step.signalTypes ? { signalTypes: step.signalTypes, mode: step.mode ?? "any" } : {};
  return {
    kind: "waiting",
    input: step.signalTypes ? { ...several } : { signalType: types[0] },
    wait: {
      kind: "signal",
      signalType: types[0] ?? "",
      deadlineMs: step.timeoutMs === undefined ? null : nowMs + step.timeoutMs,
      ...several,
    },
  };
};
