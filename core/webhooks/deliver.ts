import { type WebhookAttempt, webhookAttempt } from "../domain/run-event-messages";
import { isoAt } from "../domain/time";
import type { DeliveryAttempt, WebhookRecord } from "../domain/webhook";
import { OutboundUrlRefused } from "../outbound/outbound-errors";
import type { Deps } from "../ports/deps";
import type { OutboundHttp } from "../ports/http";
import type { AttemptOutcome, RunEventWorkerStore, StoredDelivery } from "../ports/store";
import { webhookSecretContext } from "./secret";
import { signWebhookBody } from "./signature";

/** A claim outlives the attempt's timeout by this much before another worker may take the attempt over. */
export const CLAIM_MARGIN_MS = 30_000;

export type DeliverDeps = Pick<Deps, "runEventQueue" | "clock" | "log" | "http" | "keyVault" | "config"> & {
  store: Pick<RunEventWorkerStore, "webhooks" | "webhookDeliveries">;
};

/** A delivery claimed for an attempt until `claimUntilMs`. */
export type ClaimedDelivery = StoredDelivery & { claimUntilMs: number };

/** When a claim taken at `startedMs` runs out: the attempt's timeout and the margin after it. */
export function claimEndMs(config: Pick<Deps["config"], "WEBHOOK_TIMEOUT_MS">, startedMs: number): number {
  return startedMs + config.WEBHOOK_TIMEOUT_MS + CLAIM_MARGIN_MS;
}

/**
 * Makes attempt `attempt` of a delivery (spec 6.4) as its queued message asks, once, whoever else holds the
 * same message. Attempt 1 is made by the dispatcher that creates the delivery (dispatch.ts); this makes the
 * retries, and an attempt 1 whose dispatcher stopped holding its claim (a later dispatch of its commit asks,
 * once the claim has run out):
 * 1. nothing to do when the delivery is final;
 * 2. a deleted or inactive webhook cancels the delivery instead, whatever was scheduled and whichever
 *    attempt the message names (a late duplicate too): deleting a webhook leaves its pending deliveries to
 *    the next message about each, so that message must end them;
 * 3. nothing to do when the attempt was made already, or is claimed;
 * 4. the attempt is claimed (a conditional write), then made (makeClaimedAttempt).
 */
export async function deliverWebhookAttempt(deps: DeliverDeps, message: WebhookAttempt): Promise<void> {
  const { workspaceId, webhookId, deliveryId, attempt } = message;
  const delivery = await deps.store.webhookDeliveries.get(workspaceId, webhookId, deliveryId);
  if (delivery?.status !== "pending") return;

  const webhook = await deps.store.webhooks.get(workspaceId, webhookId);
  if (!webhook?.isActive) {
    await deps.store.webhookDeliveries.cancel(delivery, isoAt(deps.clock.nowMs()));
    deps.log
      .child({ workspaceId, webhookId, deliveryId, attempt })
      .info({}, "webhook delivery cancelled: the webhook is deleted or inactive");
    return;
  }
  if (delivery.attempts !== attempt - 1) return;
  const startedMs = deps.clock.nowMs();
  const claimUntilMs = claimEndMs(deps.config, startedMs);
  const claim = await deps.store.webhookDeliveries.claim(delivery, attempt, startedMs, claimUntilMs);
  if (claim === "taken") return;
  await makeClaimedAttempt(deps, webhook, { ...delivery, claimUntilMs }, attempt);
}

/**
 * Makes attempt `attempt` of a delivery claimed for it until `delivery.claimUntilMs`:
 * 1. the stored body is POSTed, signed, through the guarded client (no redirects, WEBHOOK_TIMEOUT_MS);
 * 2. the attempt is recorded under the claim: delivered on a 2xx; otherwise the next attempt is queued after
 *    its delay (WEBHOOK_RETRY_DELAYS_MS) until the attempts run out, or at once failed when the guard refused
 *    the URL.
 */
export async function makeClaimedAttempt(
  deps: DeliverDeps,
  webhook: WebhookRecord,
  delivery: ClaimedDelivery,
  attempt: number,
): Promise<void> {
  const { workspaceId, webhookId, id: deliveryId, claimUntilMs } = delivery;
  const log = deps.log.child({ workspaceId, webhookId, deliveryId, attempt });
  const secret = await deps.keyVault.decrypt(
    webhook.secretCiphertext,
    webhookSecretContext(workspaceId, webhookId),
  );
  const sentMs = deps.clock.nowMs();
  const result = await post(deps.http, webhook, delivery, secret, deps.config.WEBHOOK_TIMEOUT_MS);
  const endedMs = deps.clock.nowMs();
  const entry: DeliveryAttempt = {
    attempt,
    at: isoAt(sentMs),
    statusCode: result.statusCode,
    error: result.error,
    durationMs: Math.max(0, endedMs - sentMs),
  };
  const outcome = nextStep(deps.config.WEBHOOK_RETRY_DELAYS_MS, attempt, result, endedMs);
  const recorded = await deps.store.webhookDeliveries.recordAttempt(
    delivery,
    claimUntilMs,
    entry,
    outcome,
    isoAt(endedMs),
  );
  log.info({ statusCode: entry.statusCode, error: entry.error, outcome: outcome.status }, "webhook attempt");
  if (!recorded || outcome.status !== "pending") return;
  try {
    await deps.runEventQueue.send(webhookAttempt(delivery, attempt + 1), {
      delayMs: outcome.nextAttemptAtMs - endedMs,
    });
  } catch (error) {
    // Recorded as due: the sweeper sends the attempt when it is overdue.
    log.warn({ err: error }, "next webhook attempt not queued; the run-event sweeper will");
  }
}

interface PostResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** The guard refused the URL or the address it resolved to: trying again would be refused again. */
  refused: boolean;
}

/** Attempts run out after the configured delays: `delays.length + 1` attempts (3 by default, spec 6.4). */
export function nextStep(
  delaysMs: readonly number[],
  attempt: number,
  result: Pick<PostResult, "ok" | "refused">,
  nowMs: number,
): AttemptOutcome {
  if (result.ok) return { status: "delivered" };
  const delayMs = delaysMs[attempt - 1];
  if (result.refused || delayMs === undefined) return { status: "failed" };
  return { status: "pending", nextAttemptAtMs: nowMs + delayMs };
}

/** The request of spec 6.2: the stored body exactly, its signature, and the event and webhook ids. */
export function deliveryRequestHeaders(
  webhook: Pick<WebhookRecord, "id">,
  delivery: Pick<StoredDelivery, "id" | "event" | "body">,
  secret: string,
): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(delivery.body, "utf8")),
    "User-Agent": "Weft-Webhooks/1.0",
    "X-Webhook-Signature": signWebhookBody(secret, delivery.body),
    "X-Webhook-Event": delivery.event,
    "X-Webhook-Id": webhook.id,
    "X-Webhook-Delivery": delivery.id,
  };
}

async function post(
  http: OutboundHttp,
  webhook: WebhookRecord,
  delivery: StoredDelivery,
  secret: string,
  timeoutMs: number,
): Promise<PostResult> {
  try {
    const response = await http.request({
      url: webhook.url,
      method: "POST",
      headers: deliveryRequestHeaders(webhook, delivery, secret),
      body: delivery.body,
      timeoutMs,
    });
    const ok = response.status >= 200 && response.status < 300;
    const redirect = response.status >= 300 && response.status < 400;
    return {
      ok,
      statusCode: response.status,
      error: redirect ? "redirects are not followed" : null,
      refused: false,
    };
  } catch (error) {
    // The port throws OutboundUrlRefused or OutboundRequestFailed (timeout, no connection); anything else
    // is recorded too, so an attempt never ends without a trace in the delivery log.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, statusCode: null, error: message, refused: error instanceof OutboundUrlRefused };
  }
}
