import type { ExternalEventStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";

/** `external_event`: waits for a signal of `signalType` (POST .../resume), up to `timeoutMs` when given. */
export const externalEventExecutor: StepExecutor<ExternalEventStep> = async ({ step, nowMs }) => ({
  kind: "waiting",
  input: { signalType: step.signalType },
  wait: {
    kind: "signal",
    signalType: step.signalType,
    deadlineMs: step.timeoutMs === undefined ? null : nowMs + step.timeoutMs,
  },
});
