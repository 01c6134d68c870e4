import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import * as z from "zod";
import type { EngineMessage } from "../../domain/run-messages";
import type { Logger } from "../../ports/logger";
import { DELAY_ATTRIBUTE } from "./sqs-attributes";

/**
 * The wire shape of an EngineMessage. Unknown keys are stripped rather than refused, so a newer producer
 * adding a field does not make its messages poison for an older worker.
 */
export const EngineMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("run.advance"),
    workspaceId: z.string().min(1),
    runId: z.string().min(1),
    // A priority out of range is dropped (the default applies), not a poison message: it only orders.
    priority: z.int().min(0).max(9).optional().catch(undefined),
  }),
  z.object({
    type: z.literal("trigger.fire"),
    workspaceId: z.string().min(1),
    triggerId: z.string().min(1),
    fireAt: z.iso.datetime().optional(),
  }),
]) satisfies z.ZodType<EngineMessage>;

export interface SqsBatchHandlerOptions<M = EngineMessage> {
  /** Handles one message; a throw returns that record (and only it) to the queue for another attempt. */
  process: (message: M) => Promise<void>;
  log: Logger;
  /** The wire shape of the queue's messages: EngineMessageSchema (the step queue) unless given. */
  schema?: z.ZodType<M>;
  /** Told, per record, how long it waited in the queue after it was due (its send time plus its delay). */
  observeWait?: (waitedMs: number) => void;
}

/**
 * A Lambda handler for the step queue's event source mapping, which must enable ReportBatchItemFailures
 * (SST: `batch: { partialResponses: true }`). Records are processed concurrently: they are different
 * runs, or duplicates of one run, and the engine is idempotent under both. Standard queues only: a FIFO
 * queue would need processing to stop at the first failure to keep its order.
 *
 * A malformed record (not JSON, or not an EngineMessage) is reported as a failure, like a throw, so after
 * the queue's maxReceiveCount it lands in the DLQ. Dropping it would be cheaper by a few receives, but:
 * the DLQ keeps the body for an operator to read and redrive, its depth alarm makes the fault visible
 * where a log line may go unseen, and during a deploy an older worker receiving a message type only the
 * newer code knows must not destroy it; a later receive reaches the new code.
 *
 * @returns the messageIds of the records that failed; never throws for a record's failure.
 */
export function createSqsBatchHandler<M = EngineMessage>(
  options: SqsBatchHandlerOptions<M>,
): (event: SQSEvent) => Promise<SQSBatchResponse> {
  const { process, log } = options;
  // Without a schema M is EngineMessage (its default), whose schema this is.
  const schema = options.schema ?? (EngineMessageSchema as unknown as z.ZodType<M>);

  return async function handleSqsBatch(event: SQSEvent): Promise<SQSBatchResponse> {
    const outcomes = await Promise.all(
      event.Records.map(async (record): Promise<SQSBatchItemFailure | undefined> => {
        const recordLog = log.child({
          messageId: record.messageId,
          receiveCount: Number(record.attributes.ApproximateReceiveCount),
        });
        options.observeWait?.(waitedMs(record, Date.now()));
        const message = parseRecord(record, schema, recordLog);
        if (message === undefined) return { itemIdentifier: record.messageId };
        try {
          await process(message);
          return undefined;
        } catch (error) {
          // Messages carry ids only (never a secret or a payload), so the whole message is safe to log.
          recordLog.warn({ err: error, message }, "message processing failed; returned to the queue");
          return { itemIdentifier: record.messageId };
        }
      }),
    );
    return { batchItemFailures: outcomes.filter((outcome) => outcome !== undefined) };
  };
}

function waitedMs(record: SQSRecord, nowMs: number): number {
  const delaySeconds = Number(record.messageAttributes?.[DELAY_ATTRIBUTE]?.stringValue ?? 0);
  return Math.max(0, nowMs - Number(record.attributes.SentTimestamp) - delaySeconds * 1000);
}

function parseRecord<M>(record: SQSRecord, schema: z.ZodType<M>, log: Logger): M | undefined {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch (error) {
    log.error({ err: error, bodyLength: record.body.length }, "malformed message: body is not JSON");
    return undefined;
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  // The issues name paths and expectations, not values; the body itself stays in the queue (then the DLQ).
  log.error({ issues: parsed.error.issues, bodyLength: record.body.length }, "malformed message");
  return undefined;
}
