import type { RunTransition } from "./run-change";
import type { ApprovalNudge } from "./run-cursor";
import type { ApprovalStep, StepDefinition } from "./step";

/**
 * An approval step's reminders and escalation (docs/approvals.md): when they come, and what one does when it
 * is due. Pure, so the engine's rules apply them (core/engine/rules/claim.ts, the `nudge-due` plan); the mails
 * they lead to go out through the run-event outbox, which reads the events recorded here.
 */

/** The step's reminders and escalation as moments from now, soonest first. */
export function nudgesOf(step: ApprovalStep, nowMs: number): ApprovalNudge[] {
  const reminders = (step.reminders ?? []).map(
    ({ afterMs }, i): ApprovalNudge => ({ atMs: nowMs + afterMs, kind: "reminder", reminder: i + 1 }),
  );
  const escalation: ApprovalNudge[] = step.escalation
    ? [{ atMs: nowMs + step.escalation.afterMs, kind: "escalation" }]
    : [];
  return [...reminders, ...escalation].sort((a, b) => a.atMs - b.atMs);
}

/**
 * The approval's next reminder or its escalation, due: recorded (and so announced and mailed through the
 * outbox), and taken off the wait, which stays open; the next one, or the deadline, is the next wake-up.
 * An escalation returns the approval and the people who may decide it too from this commit on.
 */
export function recordDueNudge(
  tx: RunTransition,
  steps: readonly StepDefinition[],
): { id: string; assignees: string[] } | undefined {
  const active = tx.requireActive();
  const wait = active.wait;
  const step = steps[active.stepIndex];
  if (wait?.kind !== "approval" || step?.type !== "approval") return undefined;
  const [due, ...rest] = wait.nudges ?? [];
  if (rest.length > 0) wait.nudges = rest;
  else delete wait.nudges;
  const approvalRequestId = wait.approvalRequestId;
  if (due?.kind === "reminder") {
    tx.record(
      "APPROVAL_REMINDER_SENT",
      { stepName: step.name, approvalRequestId, reminder: due.reminder ?? 1 },
      active.stepRun.id,
    );
    return undefined;
  }
  const assignees = step.escalation?.assignees ?? [];
  tx.record("APPROVAL_ESCALATED", { stepName: step.name, approvalRequestId, assignees }, active.stepRun.id);
  return { id: approvalRequestId, assignees };
}
