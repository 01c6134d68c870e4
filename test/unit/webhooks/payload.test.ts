import { describe, expect, it } from "vitest";
import type { ApprovalRequest } from "../../../core/domain/approval";
import type { EventType } from "../../../core/domain/events";
import type { StoredEvent } from "../../../core/domain/run-history";
import { WEBHOOK_EVENTS, webhookEventOf, webhookEventsOf } from "../../../core/domain/webhook-events";
import { webhookBody } from "../../../core/webhooks/payload";

const at = "2026-03-01T12:00:00.000Z";

function event(eventType: EventType, payload: Record<string, unknown>): StoredEvent {
  return { id: "evt_1", seq: 7, workflowRunId: "run_1", stepRunId: null, eventType, payload, createdAt: at };
}

const approval: ApprovalRequest = {
  id: "apr_1",
  workflowRunId: "run_1",
  stepRunId: "stp_1",
  stepName: "review",
  contentKey: "draft",
  content: { text: "hi" },
  prompt: "Publish?",
  decision: null,
  decidedBy: null,
  decidedAt: null,
  decidedAs: null,
  expiredAt: null,
  createdAt: at,
  comment: null,
  revision: 1,
  previousRequestId: null,
  assignees: [],
  definitionId: null,
  votes: [],
  escalatedTo: [],
  kind: "step",
  deadlineAt: null,
  auditChain: 2,
};

describe("webhook event names", () => {
  it("are the five of spec 6.2, the approval reminders, escalations and expiries, the budget warning, an agent's turn and a tool call, each announced by one run event", () => {
    expect(WEBHOOK_EVENTS).toEqual([
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
    ]);
    expect(
      [
        "WORKFLOW_COMPLETED",
        "WORKFLOW_FAILED",
        "WORKFLOW_CANCELLED",
        "APPROVAL_REQUESTED",
        "APPROVAL_DECIDED",
        "APPROVAL_REMINDER_SENT",
        "APPROVAL_ESCALATED",
        "APPROVAL_EXPIRED",
        "BUDGET_WARNING",
        "AGENT_TURN_COMPLETED",
        "TOOL_CALL_EXECUTED",
      ].map(webhookEventOf),
    ).toEqual(WEBHOOK_EVENTS);
  });

  it("are not announced by any other run event", () => {
    for (const type of [
      "WORKFLOW_STARTED",
      "WORKFLOW_SUPERSEDED",
      "STEP_FAILED",
      "toString",
      "constructor",
    ]) {
      expect(webhookEventOf(type)).toBeUndefined();
    }
    expect(webhookEventsOf([{ eventType: "STEP_STARTED" }, { eventType: "STEP_COMPLETED" }])).toEqual([]);
    expect(
      webhookEventsOf([
        { eventType: "TOOL_CALL_EXECUTED" },
        { eventType: "STEP_COMPLETED" },
        { eventType: "TOOL_CALL_EXECUTED" },
        { eventType: "WORKFLOW_COMPLETED" },
      ]),
    ).toEqual(["tool_call.executed", "workflow.completed"]);
  });
});

describe("webhookBody", () => {
  it("carries the event, run, workspace, data and the run event's own time", () => {
    const body = webhookBody("workflow.cancelled", "wsp_1", event("WORKFLOW_CANCELLED", {}));

    expect(body).toEqual({
      event: "workflow.cancelled",
      workflowRunId: "run_1",
      workspaceId: "wsp_1",
      data: { status: "CANCELLED", cancelledAt: at },
      timestamp: at,
    });
  });

  it("builds workflow.completed data as spec 6.2 says: status, output, completedAt", () => {
    const output = { input: { a: 1 }, summarise: { text: "ok" } };
    const body = webhookBody(
      "workflow.completed",
      "wsp_1",
      event("WORKFLOW_COMPLETED", { output, durationMs: 12 }),
    );

    expect(body.data).toEqual({ status: "COMPLETED", output, completedAt: at });
  });

  it("builds agent.turn_completed data: the turn, the tools it asked for and what it spent", () => {
    const turn = { stepName: "agent", turn: 3, toolCalls: ["lookup"], inputTokens: 90, outputTokens: 4 };
    const body = webhookBody(
      "agent.turn_completed",
      "wsp_1",
      event("AGENT_TURN_COMPLETED", { ...turn, costUsd: 0.0000159 }),
    );

    expect(body.data).toEqual({ ...turn, costUsd: 0.0000159 });
  });

  it("builds tool_call.executed data: the tool, whether it answered, how long it took and its error", () => {
    const call = { stepName: "agent", tool: "forecast", ok: false, durationMs: 300, error: "timed out" };
    const failed = webhookBody("tool_call.executed", "wsp_1", event("TOOL_CALL_EXECUTED", call));
    expect(failed.data).toEqual(call);
    const { error: _none, ...answered } = { ...call, ok: true };
    const body = webhookBody("tool_call.executed", "wsp_1", event("TOOL_CALL_EXECUTED", answered));
    expect(body.data).toEqual({ ...answered, error: null });
  });

  it("builds workflow.failed data: status, error, stepName, failedAt", () => {
    const body = webhookBody(
      "workflow.failed",
      "wsp_1",
      event("WORKFLOW_FAILED", { error: "boom", stepName: "call" }),
    );

    expect(body.data).toEqual({ status: "FAILED", error: "boom", stepName: "call", failedAt: at });
  });

  it("builds approval.requested data from the event and its approval request", () => {
    const requested = event("APPROVAL_REQUESTED", { stepName: "review", approvalRequestId: "apr_1" });

    expect(webhookBody("approval.requested", "wsp_1", requested, { approval }).data).toEqual({
      approvalRequestId: "apr_1",
      stepName: "review",
      contentKey: "draft",
      prompt: "Publish?",
    });
    expect(webhookBody("approval.requested", "wsp_1", requested).data).toMatchObject({
      contentKey: null,
      prompt: null,
    });
  });

  it("builds approval.decided data: approvalRequestId, stepName, decision, decidedBy", () => {
    const decided = event("APPROVAL_DECIDED", {
      stepName: "review",
      approvalRequestId: "apr_1",
      decision: "edited",
      decidedBy: null,
    });

    expect(webhookBody("approval.decided", "wsp_1", decided).data).toEqual({
      approvalRequestId: "apr_1",
      stepName: "review",
      decision: "edited",
      decidedBy: null,
    });
  });

  it("is the same string when built twice from the same event, so a repeated dispatch signs the same bytes", () => {
    const completed = event("WORKFLOW_COMPLETED", { output: { b: 2, a: [1, { c: 3 }] } });

    expect(JSON.stringify(webhookBody("workflow.completed", "wsp_1", completed))).toBe(
      JSON.stringify(webhookBody("workflow.completed", "wsp_1", structuredClone(completed))),
    );
  });
});
