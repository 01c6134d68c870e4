import * as z from "zod";
import type { RunEventMessage } from "./run-event-messages";

/**
 * The wire shape of a RunEventMessage for the SQS subscriber; unknown keys are stripped, as for the step
 * queue. Apart from the messages (run-event-messages.ts), which the engine and the sweeper build: only the
 * run-event worker parses them, so the sweeper's bundle carries no zod schema it never uses.
 */
export const RunEventMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("webhooks.dispatch"),
    workspaceId: z.string().min(1),
    runId: z.string().min(1),
    journalSeq: z.number().int().min(1),
  }),
  z.object({
    type: z.literal("webhooks.deliver"),
    workspaceId: z.string().min(1),
    webhookId: z.string().min(1),
    deliveryId: z.string().min(1),
    attempt: z.number().int().min(1),
  }),
]) satisfies z.ZodType<RunEventMessage>;
