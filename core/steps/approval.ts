import { nudgesOf } from "../domain/approval-nudges";
import type { ApprovalStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";

/**
 * `approval`: asks a person to review `state[contentKey]` (wrapped as `{value}` when it is not an object)
 * and pauses the run until a decision, or until `timeoutMs` passes; reminders and an escalation may wake it
 * before that without ending the wait.
 */
export const approvalExecutor: StepExecutor<ApprovalStep> = async ({ step, run, nowMs }) => {
  const value = run.state[step.contentKey];
  const content =
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value: value ?? null };
  return {
    kind: "approval",
    input: { contentKey: step.contentKey },
    contentKey: step.contentKey,
    content,
    prompt: step.prompt ?? null,
    deadlineMs: step.timeoutMs === undefined ? null : nowMs + step.timeoutMs,
    nudges: nudgesOf(step, nowMs),
  };
};
