import type { WaitStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";

/** `wait`: a timer from the step's start (`durationMs`) or until a moment (`untilTimestamp`). */
export const waitExecutor: StepExecutor<WaitStep> = async ({ step, stepRun, nowMs }) => {
  const startedAtMs = Date.parse(stepRun.startedAt ?? stepRun.createdAt);
  const untilMs =
    step.untilTimestamp !== undefined
      ? Date.parse(step.untilTimestamp)
      : startedAtMs + (step.durationMs ?? 0);
  const input = { untilAt: new Date(untilMs).toISOString() };
  if (untilMs <= nowMs) return { kind: "completed", input, output: {} };
  return { kind: "waiting", input, wait: { kind: "timer", untilMs } };
};
