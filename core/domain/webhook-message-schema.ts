import * as z from "zod";
import type { WebhookMessage } from "./webhook-messages";

/**
 * The wire shape of a WebhookMessage for the SQS subscriber; unknown keys are stripped, as for the step
 * queue. Apart from the messages (webhook-messages.ts), which the engine and the sweeper build: only the
 * webhook worker parses them, so the sweeper's bundle carries no zod schema it never uses.
 */
export const WebhookMessageSchema = z.discriminatedUnion("type", [
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
]) satisfies z.ZodType<WebhookMessage>;
