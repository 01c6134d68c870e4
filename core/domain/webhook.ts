import * as z from "zod";
import { WEBHOOK_EVENTS } from "./webhook-events";

/** Webhook registrations (spec 2.11) and their deliveries, as zod schemas sharing names with their types. */
export const WebhookEventName = z.enum(WEBHOOK_EVENTS);

export const CreateWebhookInput = z
  .object({
    url: z.string().min(1).max(2048).meta({
      description: "HTTPS URL of the receiver (http only when the server allows private URLs)",
    }),
    events: z
      .array(WebhookEventName)
      .min(1)
      .max(WEBHOOK_EVENTS.length)
      .refine((events) => new Set(events).size === events.length, { message: "events must not repeat" }),
  })
  .meta({ id: "CreateWebhookInput" });
export type CreateWebhookInput = z.infer<typeof CreateWebhookInput>;

/** A webhook as the API shows it: never the secret, except in the creation response. */
export const Webhook = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    url: z.string(),
    events: z.array(WebhookEventName),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof Webhook>;

export const CreatedWebhook = Webhook.extend({
  secret: z.string().meta({ description: "HMAC signing secret (`whsec_…`), shown only in this response" }),
}).meta({ id: "CreatedWebhook" });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

/** The stored webhook: the secret only as the key vault's ciphertext, and the last number its deliveries took. */
export const WebhookRecord = Webhook.extend({
  secretCiphertext: z.string(),
  deliveryCount: z.number().int().min(0),
});
export type WebhookRecord = z.infer<typeof WebhookRecord>;

export const DeliveryStatus = z.enum(["pending", "delivered", "failed", "cancelled"]);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const DeliveryAttempt = z.object({
  attempt: z.number().int().min(1),
  at: z.string(),
  /** The receiver's status code; null when there was no answer (timeout, no connection, refused URL). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().min(0),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

/** One event to one webhook, as the delivery log shows it (the body itself is not listed). */
export const WebhookDelivery = z
  .object({
    id: z.string(),
    webhookId: z.string(),
    event: WebhookEventName,
    workflowRunId: z.string(),
    status: DeliveryStatus,
    attempts: z.number().int().min(0),
    attemptLog: z.array(DeliveryAttempt),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    deliveredAt: z.string().nullable(),
    failedAt: z.string().nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** The stored delivery: the log's fields plus what the attempts need. */
export interface DeliveryRecord extends WebhookDelivery {
  workspaceId: string;
  /** The run event announced; with the webhook id it makes the delivery's deterministic id. */
  eventId: string;
  /** The exact body every attempt sends and signs. */
  body: string;
}

/** A delivery as its dispatcher creates it at `now`: pending, no attempt made yet, the first one due at once. */
export function pendingDelivery(
  fields: Pick<
    DeliveryRecord,
    "id" | "workspaceId" | "webhookId" | "event" | "eventId" | "workflowRunId" | "body"
  >,
  now: string,
): DeliveryRecord {
  return {
    ...fields,
    status: "pending",
    attempts: 0,
    attemptLog: [],
    lastStatusCode: null,
    lastError: null,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
    deliveredAt: null,
    failedAt: null,
  };
}
