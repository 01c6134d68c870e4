import type { PersonLinks } from "../approvals/links/issue-links";
import type { ApprovalRequest } from "../domain/approval";
import type { StoredEvent } from "../domain/run-history";
import { RunStatus } from "../domain/statuses";
import type { WebhookEventName } from "../domain/webhook-events";

/**
 * The body of a delivery (spec 6.2): built once, when the delivery is created, and stored as the exact string
 * every attempt sends and signs. Its `timestamp` is the run event's own time, so a repeated dispatch builds
 * the same bytes. `data` per event: spec 6.2 for workflow.completed, decisions section 4 for the others.
 */
export interface WebhookBody {
  event: WebhookEventName;
  workflowRunId: string;
  /** A child run's parent (docs/flow.md), so a receiver can tell its events from the runs it started. */
  parentRunId?: string;
  workspaceId: string;
  data: Record<string, unknown>;
  timestamp: string;
}

/**
 * What the run event does not carry itself, for approval.requested: the approval request, and each
 * assignee's signed links when its step names assignees (docs/approvals.md).
 */
export interface WebhookDataSources {
  approval?: ApprovalRequest | undefined;
  links?: PersonLinks[] | undefined;
}

type DataBuilder = (event: StoredEvent, sources: WebhookDataSources) => Record<string, unknown>;

const field = (event: StoredEvent, name: string): unknown => event.payload[name] ?? null;

export const WEBHOOK_DATA: Readonly<Record<WebhookEventName, DataBuilder>> = {
  "workflow.completed": (event) => ({
    status: RunStatus.Completed,
    output: field(event, "output"),
    completedAt: event.createdAt,
  }),
  "workflow.failed": (event) => ({
    status: RunStatus.Failed,
    error: field(event, "error"),
    stepName: field(event, "stepName"),
    failedAt: event.createdAt,
  }),
  "workflow.cancelled": (event) => ({ status: RunStatus.Cancelled, cancelledAt: event.createdAt }),
  "approval.requested": (event, { approval, links }) => ({
    approvalRequestId: field(event, "approvalRequestId"),
    stepName: field(event, "stepName"),
    contentKey: approval?.contentKey ?? null,
    prompt: approval?.prompt ?? null,
    ...(links && links.length > 0 ? { links } : {}),
  }),
  "approval.reminder": (event, { links }) => ({
    approvalRequestId: field(event, "approvalRequestId"),
    stepName: field(event, "stepName"),
    reminder: field(event, "reminder"),
    ...(links && links.length > 0 ? { links } : {}),
  }),
  "approval.escalated": (event, { links }) => ({
    approvalRequestId: field(event, "approvalRequestId"),
    stepName: field(event, "stepName"),
    assignees: field(event, "assignees"),
    ...(links && links.length > 0 ? { links } : {}),
  }),
  "approval.expired": (event) => ({
    approvalRequestId: field(event, "approvalRequestId"),
    stepName: field(event, "stepName"),
    onTimeout: field(event, "onTimeout"),
    expiredAt: event.createdAt,
  }),
  "budget.warning": (event) => ({
    stepName: field(event, "stepName"),
    scope: field(event, "scope"),
    spentUsd: field(event, "spentUsd"),
    spentTokens: field(event, "spentTokens"),
    maxCostUsd: field(event, "maxCostUsd"),
    maxTokens: field(event, "maxTokens"),
    warnAt: field(event, "warnAt"),
  }),
  "agent.turn_completed": (event) => ({
    stepName: field(event, "stepName"),
    turn: field(event, "turn"),
    toolCalls: field(event, "toolCalls"),
    inputTokens: field(event, "inputTokens"),
    outputTokens: field(event, "outputTokens"),
    costUsd: field(event, "costUsd"),
  }),
  "tool_call.executed": (event) => ({
    stepName: field(event, "stepName"),
    tool: field(event, "tool"),
    ok: field(event, "ok"),
    durationMs: field(event, "durationMs"),
    error: field(event, "error"),
  }),
  "approval.decided": (event) => ({
    approvalRequestId: field(event, "approvalRequestId"),
    stepName: field(event, "stepName"),
    decision: field(event, "decision"),
    decidedBy: field(event, "decidedBy"),
  }),
};

/** The body of a delivery: spec 6.2's fields, and `parentRunId` for a child run's event only. */
export function webhookBody(
  name: WebhookEventName,
  workspaceId: string,
  event: StoredEvent,
  sources: WebhookDataSources = {},
  parentRunId?: string,
): WebhookBody {
  return {
    event: name,
    workflowRunId: event.workflowRunId,
    ...(parentRunId === undefined ? {} : { parentRunId }),
    workspaceId,
    data: WEBHOOK_DATA[name](event, sources),
    timestamp: event.createdAt,
  };
}
