import type { SQSEvent, SQSRecord } from "aws-lambda";
import { describe, expect, it, vi } from "vitest";
import { createSqsBatchHandler } from "../../../core/adapters/aws/sqs-batch";
import { type EngineMessage, runDoorbell } from "../../../core/domain/run-messages";
import type { Logger } from "../../../core/ports/logger";

/** A record as the Lambda SQS event source mapping delivers it. */
function sqsRecord(messageId: string, body: string): SQSRecord {
  return {
    messageId,
    receiptHandle: `AQEB${messageId}Zm9vYmFy==`,
    body,
    attributes: {
      ApproximateReceiveCount: "1",
      SentTimestamp: "1767225600000",
      SenderId: "AROAEXAMPLE:weft-worker",
      ApproximateFirstReceiveTimestamp: "1767225600016",
    },
    messageAttributes: {},
    md5OfBody: "e4e68fb7bd0e697a0ae8f1bb342846b3",
    eventSource: "aws:sqs",
    eventSourceARN: "arn:aws:sqs:eu-west-1:123456789012:weft-steps",
    awsRegion: "eu-west-1",
  };
}

function sqsEvent(...records: SQSRecord[]): SQSEvent {
  return { Records: records };
}

function recordingLogger(): Logger & { error: ReturnType<typeof vi.fn> } {
  const log = {
    debug: vi.fn(),
    info: vi.fn(),
    warn: vi.fn(),
    error: vi.fn(),
    child: () => log,
  };
  return log;
}

const doorbells = [
  runDoorbell("wsp_1", "run_a"),
  runDoorbell("wsp_1", "run_b"),
  runDoorbell("wsp_2", "run_c"),
];
const batch = sqsEvent(
  ...doorbells.map((message, index) => sqsRecord(`msg-${index}`, JSON.stringify(message))),
);

describe("createSqsBatchHandler", () => {
  it("hands on a cron trigger's fire as EventBridge Scheduler sends it, with its scheduled time", async () => {
    const process = vi.fn(async (_message: EngineMessage) => {});
    const handler = createSqsBatchHandler({ process, log: recordingLogger() });
    const body =
      '{"type":"trigger.fire","workspaceId":"wsp_1","triggerId":"trg_1","fireAt":"2026-03-22T18:59:00Z"}';

    await expect(handler(sqsEvent(sqsRecord("fire-1", body)))).resolves.toEqual({ batchItemFailures: [] });
    expect(process.mock.calls).toEqual([
      [{ type: "trigger.fire", workspaceId: "wsp_1", triggerId: "trg_1", fireAt: "2026-03-22T18:59:00Z" }],
    ]);
  });

  it("reports a fire whose time is not a time as a failure", async () => {
    const process = vi.fn(async (_message: EngineMessage) => {});
    const handler = createSqsBatchHandler({ process, log: recordingLogger() });
    const body =
      '{"type":"trigger.fire","workspaceId":"wsp_1","triggerId":"trg_1","fireAt":"<aws.scheduler.scheduled-time>"}';

    await expect(handler(sqsEvent(sqsRecord("fire-2", body)))).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: "fire-2" }],
    });
    expect(process).not.toHaveBeenCalled();
  });

  it("processes every record and reports no failures when all succeed", async () => {
    const process = vi.fn(async (_message: EngineMessage) => {});
    const handler = createSqsBatchHandler({ process, log: recordingLogger() });

    await expect(handler(batch)).resolves.toEqual({ batchItemFailures: [] });
    expect(process.mock.calls.map(([message]) => message)).toEqual(doorbells);
  });

  it("reports exactly the record whose processing threw", async () => {
    const process = vi.fn(async (message: EngineMessage) => {
      if (message.type === "run.advance" && message.runId === "run_b") throw new Error("conflict");
    });
    const handler = createSqsBatchHandler({ process, log: recordingLogger() });

    await expect(handler(batch)).resolves.toEqual({ batchItemFailures: [{ itemIdentifier: "msg-1" }] });
    expect(process).toHaveBeenCalledTimes(3);
  });

  it("processes records concurrently", async () => {
    let running = 0;
    let maxRunning = 0;
    const process = async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };

    await createSqsBatchHandler({ process, log: recordingLogger() })(batch);

    expect(maxRunning).toBe(3);
  });

  it.each([
    ["not JSON", "run.advance wsp_1 run_1"],
    ["an unknown type", JSON.stringify({ type: "run.explode", workspaceId: "wsp_1", runId: "run_1" })],
    ["a missing runId", JSON.stringify({ type: "run.advance", workspaceId: "wsp_1" })],
    ["an empty workspaceId", JSON.stringify({ type: "run.advance", workspaceId: "", runId: "run_1" })],
  ])(
    "reports a malformed body (%s) as a failure, so it ends in the DLQ, without processing it",
    async (_, body) => {
      const process = vi.fn(async (_message: EngineMessage) => {});
      const log = recordingLogger();
      const handler = createSqsBatchHandler({ process, log });
      const event = sqsEvent(sqsRecord("good", JSON.stringify(doorbells[0])), sqsRecord("bad", body));

      await expect(handler(event)).resolves.toEqual({ batchItemFailures: [{ itemIdentifier: "bad" }] });
      expect(process).toHaveBeenCalledTimes(1);
      expect(log.error).toHaveBeenCalledTimes(1);
    },
  );

  it("ignores unknown fields a newer producer may add", async () => {
    const process = vi.fn(async (_message: EngineMessage) => {});
    const body = JSON.stringify({ ...doorbells[0], traceId: "t-1" });

    await expect(
      createSqsBatchHandler({ process, log: recordingLogger() })(sqsEvent(sqsRecord("m", body))),
    ).resolves.toEqual({ batchItemFailures: [] });
    expect(process).toHaveBeenCalledWith(doorbells[0]);
  });

  it("hands on a doorbell's priority, and drops one out of range rather than refusing the message", async () => {
    const process = vi.fn(async (_message: EngineMessage) => {});
    const handler = createSqsBatchHandler({ process, log: recordingLogger() });
    const event = sqsEvent(
      sqsRecord("p8", JSON.stringify(runDoorbell("wsp_1", "run_a", 8))),
      sqsRecord("p42", JSON.stringify({ ...runDoorbell("wsp_1", "run_b"), priority: 42 })),
    );

    await expect(handler(event)).resolves.toEqual({ batchItemFailures: [] });
    expect(process.mock.calls).toEqual([[runDoorbell("wsp_1", "run_a", 8)], [runDoorbell("wsp_1", "run_b")]]);
  });
});
