import { randomBytes } from "node:crypto";
import type { SQSEvent } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { createSqsBatchHandler } from "../../../core/adapters/aws/sqs-batch";
import { commitItems } from "../../../core/adapters/dynamodb/runs/commit-items";
import { outboxIndexKeys } from "../../../core/adapters/dynamodb/runs/run-index-keys";
import {
  deliverySweepKeys,
  parseRunEventSweepEntry,
} from "../../../core/adapters/dynamodb/webhooks/webhook-keys";
import { silentLogger } from "../../../core/adapters/log/pino-logger";
import { loadConfig } from "../../../core/config";
import type { EventType } from "../../../core/domain/events";
import type { RunCommit } from "../../../core/domain/run-commit";
import { RunEventMessageSchema } from "../../../core/domain/run-event-message-schema";
import {
  type RunEventMessage,
  runEventDispatch,
  runEventMessageKey,
  webhookAttempt,
} from "../../../core/domain/run-event-messages";
import type { RunRecord } from "../../../core/domain/run-record";
import { deliveryRequestHeaders, nextStep } from "../../../core/webhooks/deliver";
import { deliveryIdFor } from "../../../core/webhooks/delivery-id";

describe("webhook settings", () => {
  it("default to spec 6.4: a 10 s timeout, attempts 2 and 3 after 5 s and 30 s", () => {
    const config = loadConfig({});

    expect(config.WEBHOOK_TIMEOUT_MS).toBe(10_000);
    expect(config.WEBHOOK_RETRY_DELAYS_MS).toEqual([5_000, 30_000]);
  });

  it("refuse delays that are not two, negative, or beyond the queue's 15 minutes", () => {
    for (const value of ["5000", "1,2,3", "-1,5", "5000,900001", "a,b", ""]) {
      expect(() => loadConfig({ WEBHOOK_RETRY_DELAYS_MS: value }), value).toThrow(/WEBHOOK_RETRY_DELAYS_MS/);
    }
    expect(loadConfig({ WEBHOOK_RETRY_DELAYS_MS: " 50, 100 " }).WEBHOOK_RETRY_DELAYS_MS).toEqual([50, 100]);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: "60000" })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });
});

describe("nextStep", () => {
  const delays = [5_000, 30_000];
  const failed = { ok: false, refused: false };

  it("schedules attempt 2 after 5 s and attempt 3 after 30 s, then fails the delivery", () => {
    expect(nextStep(delays, 1, failed, 1_000)).toEqual({ status: "pending", nextAttemptAtMs: 6_000 });
    expect(nextStep(delays, 2, failed, 1_000)).toEqual({ status: "pending", nextAttemptAtMs: 31_000 });
    expect(nextStep(delays, 3, failed, 1_000)).toEqual({ status: "failed" });
  });

  it("ends the delivery on a 2xx, and at once when the guard refused the URL", () => {
    expect(nextStep(delays, 2, { ok: true, refused: false }, 0)).toEqual({ status: "delivered" });
    expect(nextStep(delays, 1, { ok: false, refused: true }, 0)).toEqual({ status: "failed" });
  });
});

describe("delivery ids and index keys", () => {
  it("derive the delivery id from the event and the webhook: stable, distinct per webhook, time-ordered", () => {
    const a = deliveryIdFor("evt_01jz0000000000000000000000", "whk_a");

    expect(deliveryIdFor("evt_01jz0000000000000000000000", "whk_a")).toBe(a);
    expect(deliveryIdFor("evt_01jz0000000000000000000000", "whk_b")).not.toBe(a);
    expect(deliveryIdFor("evt_01jz0000000000000000000001", "whk_a") > a).toBe(true);
    expect(a).toMatch(/^dlv_01jz0{22}[0-9a-f]{8}$/);
  });

  it("read outbox and delivery entries back from the keys a KEYS_ONLY index returns", () => {
    const outbox = outboxIndexKeys("run_1", "2026-01-01T00:00:00.000Z", 12);
    const delivery = deliverySweepKeys("dlv_1", "2026-01-01T00:00:05.000Z", 2);

    expect(outbox.gsi5pk).toMatch(/^WEBHOOKS#\d$/);
    expect(parseRunEventSweepEntry({ pk: "WS#wsp_1#RUN#run_1", sk: "JRN#0000000012", ...outbox })).toEqual({
      kind: "outbox",
      workspaceId: "wsp_1",
      runId: "run_1",
      journalSeq: 12,
      dueAt: "2026-01-01T00:00:00.000Z",
    });
    expect(
      parseRunEventSweepEntry({ pk: "WS#wsp_1#WEBHOOK#whk_1", sk: "DELIVERY#dlv_1", ...delivery }),
    ).toEqual({
      kind: "delivery",
      workspaceId: "wsp_1",
      webhookId: "whk_1",
      deliveryId: "dlv_1",
      attempt: 2,
      dueAt: "2026-01-01T00:00:05.000Z",
    });
    expect(parseRunEventSweepEntry({ pk: "WS#wsp_1", sk: "WORKSPACE", gsi5sk: "x" })).toBeUndefined();
  });
});

describe("the run-event outbox in a run's commit", () => {
  const run = {
    id: "run_1",
    workspaceId: "wsp_1",
    definitionId: "def_1",
    status: "COMPLETED",
    seq: 1,
    defSeq: 1,
    supersessionKey: null,
    eventSeq: 5,
    active: null,
    nextStepName: null,
  } as unknown as RunRecord;
  const events = (eventTypes: EventType[], from = 4, payload: Record<string, unknown> = {}) =>
    eventTypes.map((eventType, index) => ({
      id: `evt_${from + index}`,
      seq: from + index,
      workflowRunId: "run_1",
      stepRunId: null,
      eventType,
      payload,
      createdAt: "2026-01-01T00:00:00.000Z",
    }));
  const tableName = "t";
  const commit = (extra: Partial<RunCommit>): RunCommit => ({
    expectedVersion: 3,
    statusBefore: "RUNNING",
    run,
    stepRuns: [],
    events: [],
    ...extra,
  });

  it("writes a change announced to webhooks with its journal item, listed in the outbox", () => {
    const history = { events: events(["STEP_COMPLETED", "WORKFLOW_COMPLETED"]), stepRuns: [] };
    const { atomic, filed } = commitItems(tableName, commit({ events: history.events, announced: true }));

    expect(filed).toBeUndefined();
    expect(atomic).toHaveLength(2);
    expect(atomic[1]?.Put?.Item).toMatchObject(outboxIndexKeys("run_1", "2026-01-01T00:00:00.000Z", 4));
  });

  it("files earlier history apart from the commit, out of the outbox", () => {
    // Kept history that would take the run item past a write unit more, so the commit files it.
    const noise = { noise: randomBytes(1500).toString("base64") };
    const filedHistory = { events: events(["STEP_STARTED", "STEP_COMPLETED"], 4, noise), stepRuns: [] };
    const { atomic, filed } = commitItems(
      tableName,
      commit({ run: { ...run, recent: filedHistory }, events: events(["STEP_STARTED"], 6) }),
    );

    expect(atomic).toHaveLength(1);
    expect(filed?.Put?.Item).toMatchObject({ firstSeq: 4, lastSeq: 5 });
    expect(filed?.Put?.Item?.gsi5pk).toBeUndefined();
  });
});

describe("webhook messages", () => {
  it("carry ids only, and coalesce per commit and per attempt", () => {
    const dispatch = runEventDispatch("wsp_1", "run_1", 4);
    const attempt = webhookAttempt({ workspaceId: "wsp_1", webhookId: "whk_1", id: "dlv_1" }, 2);

    expect(RunEventMessageSchema.parse(dispatch)).toEqual(dispatch);
    expect(RunEventMessageSchema.parse(attempt)).toEqual(attempt);
    expect(runEventMessageKey(dispatch)).toBe("dispatch/wsp_1/run_1/4");
    expect(runEventMessageKey(attempt)).toBe("deliver/wsp_1/dlv_1/2");
    expect(
      RunEventMessageSchema.safeParse({ type: "run.advance", workspaceId: "w", runId: "r" }).success,
    ).toBe(false);
  });

  it("go through the SQS batch handler with the webhook schema, a malformed one reported alone", async () => {
    const handled: RunEventMessage[] = [];
    const handler = createSqsBatchHandler({
      process: async (message: RunEventMessage) => void handled.push(message),
      schema: RunEventMessageSchema,
      log: silentLogger,
    });
    const record = (messageId: string, body: unknown) => ({
      messageId,
      body: JSON.stringify(body),
      attributes: { ApproximateReceiveCount: "1" },
    });
    const event = {
      Records: [
        record("m1", runEventDispatch("wsp_1", "run_1", 4)),
        record("m2", { type: "webhooks.deliver", workspaceId: "wsp_1" }),
      ],
    } as unknown as SQSEvent;

    await expect(handler(event)).resolves.toEqual({ batchItemFailures: [{ itemIdentifier: "m2" }] });
    expect(handled).toEqual([runEventDispatch("wsp_1", "run_1", 4)]);
  });
});

describe("deliveryRequestHeaders", () => {
  it("are spec 6.2's, plus the delivery id and the body's length", () => {
    const headers = deliveryRequestHeaders(
      { id: "whk_1" },
      { id: "dlv_1", event: "workflow.failed", body: '{"é":1}' },
      "whsec_x",
    );

    expect(headers).toEqual({
      "Content-Type": "application/json",
      "Content-Length": "8",
      "User-Agent": "Weft-Webhooks/1.0",
      "X-Webhook-Signature": expect.stringMatching(/^[0-9a-f]{64}$/),
      "X-Webhook-Event": "workflow.failed",
      "X-Webhook-Id": "whk_1",
      "X-Webhook-Delivery": "dlv_1",
    });
  });
});
