import type { DeliveryAttempt, DeliveryRecord, WebhookDelivery, WebhookRecord } from "../../domain/webhook";
import type { WebhookEventName } from "../../domain/webhook-events";
import type { Page } from "./runs";

export interface WebhookStore {
  create(record: WebhookRecord): Promise<void>;
  get(workspaceId: string, webhookId: string): Promise<WebhookRecord | undefined>;
  /** Oldest first. */
  list(workspaceId: string): Promise<WebhookRecord[]>;
  /**
   * Whether a webhook of the workspace takes one of these events, strongly consistent: a commit that announces
   * webhook events writes the run-event outbox only then (or when the service mails the approvers it asks), so
   * a workspace pays nothing for events no webhook of it takes (an agent's every turn and tool call).
   */
  subscribed(workspaceId: string, events: readonly WebhookEventName[]): Promise<boolean>;
  /** One write, however many deliveries wait: each finds the webhook gone when its message comes. */
  delete(workspaceId: string, webhookId: string): Promise<boolean>;
}

export interface StoredDelivery extends DeliveryRecord {
  /** Set while an attempt is in progress: until then, no other worker may make it. */
  claimUntilMs: number | null;
}

export type DeliveryCreateOutcome = "created" | "exists" | "webhook-gone";
export type ClaimOutcome = "claimed" | "taken";
export type AttemptOutcome =
  | { status: "delivered" }
  | { status: "failed" }
  | { status: "pending"; nextAttemptAtMs: number };

export interface WebhookDeliveryStore {
  /**
   * Creates the delivery with its first attempt already claimed until `claimUntilMs` (its creator makes that
   * attempt at once), due for the run-event sweeper when the claim ends: a creator that dies before recording
   * the attempt leaves it to be made again then. "exists": a delivery with this id was created before.
   */
  create(record: DeliveryRecord, claimUntilMs: number): Promise<DeliveryCreateOutcome>;
  get(workspaceId: string, webhookId: string, deliveryId: string): Promise<StoredDelivery | undefined>;
  /** Claims a later attempt (or one whose first claim ran out): "taken" when it was made or is claimed. */
  claim(
    delivery: StoredDelivery,
    attempt: number,
    nowMs: number,
    claimUntilMs: number,
  ): Promise<ClaimOutcome>;
  /** @returns false when the claim was lost. */
  recordAttempt(
    delivery: StoredDelivery,
    claimUntilMs: number,
    entry: DeliveryAttempt,
    outcome: AttemptOutcome,
    now: string,
  ): Promise<boolean>;
  cancel(delivery: Pick<DeliveryRecord, "workspaceId" | "webhookId" | "id">, now: string): Promise<void>;
  /**
   * One page of a webhook's delivery log, newest first, and how many deliveries it holds in all; undefined
   * when the workspace has no such webhook. Reads the same whatever the page.
   */
  page(
    workspaceId: string,
    webhookId: string,
    offset: number,
    limit: number,
  ): Promise<Page<WebhookDelivery> | undefined>;
}
