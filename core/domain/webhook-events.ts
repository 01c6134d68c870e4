/**
 * The webhook event names of spec 6.2 and the run events they announce. A commit whose events announce one
 * that a webhook of the workspace takes is a run-event outbox entry (RunCommit.announced, commit-run.ts),
 * dispatched after the commit.
 * Free of runtime imports, so the dashboard's browser bundle can share the names.
 */
import type { EventType } from "./events";

export const WEBHOOK_EVENTS = [
  "workflow.completed",
  "workflow.failed",
  "workflow.cancelled",
  "approval.requested",
  "approval.decided",
  "approval.reminder",
  "approval.escalated",
  "approval.expired",
  "budget.warning",
  "agent.turn_completed",
  "tool_call.executed",
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_OF_RUN_EVENT: Readonly<Partial<Record<EventType, WebhookEventName>>> = {
  WORKFLOW_COMPLETED: "workflow.completed",
  WORKFLOW_FAILED: "workflow.failed",
  WORKFLOW_CANCELLED: "workflow.cancelled",
  APPROVAL_REQUESTED: "approval.requested",
  APPROVAL_DECIDED: "approval.decided",
  APPROVAL_REMINDER_SENT: "approval.reminder",
  APPROVAL_ESCALATED: "approval.escalated",
  APPROVAL_EXPIRED: "approval.expired",
  BUDGET_WARNING: "budget.warning",
  AGENT_TURN_COMPLETED: "agent.turn_completed",
  TOOL_CALL_EXECUTED: "tool_call.executed",
};

/** The webhook event a run event announces, if any. */
export function webhookEventOf(eventType: string): WebhookEventName | undefined {
  return Object.hasOwn(WEBHOOK_EVENT_OF_RUN_EVENT, eventType)
    ? WEBHOOK_EVENT_OF_RUN_EVENT[eventType as EventType]
    : undefined;
}

/** The webhook events a commit with these events announces, each once. */
export function webhookEventsOf(events: readonly { eventType: string }[]): WebhookEventName[] {
  const names = events.flatMap((event) => webhookEventOf(event.eventType) ?? []);
  return [...new Set(names)];
}
