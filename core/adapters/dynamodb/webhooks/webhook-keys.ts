import type { RunEventSweepEntry } from "../../../ports/store";
import { type ItemKey, keys, pad } from "../table/keys";
import { sweepShard, WEBHOOK_SWEEP_PREFIX } from "../table/sweep-index";

/**
 * The keys of webhooks and their deliveries (docs/data-model.md, "Webhooks"). Kept beside keys.ts rather than
 * in it so the webhook feature's layout reads in one place; nothing else builds them. A journal item's outbox
 * entry is built with the run's other index keys (runs/run-index-keys.ts); both sit in gsi5's `WEBHOOKS#`
 * partitions (table/sweep-index.ts), which parseRunEventSweepEntry reads back.
 */
const WEBHOOK_PREFIX = "WEBHOOK#";
const DELIVERY_PREFIX = "DELIVERY#";
const LOG_PREFIX = "LOG#";
/** Wide enough for any count a webhook's deliveries reach. */
const LOG_NUMBER_WIDTH = 10;

const deliveryPartition = (workspaceId: string, webhookId: string) =>
  `${keys.workspacePartition(workspaceId)}#${WEBHOOK_PREFIX}${webhookId}`;

export const webhookKeys = {
  webhook: (workspaceId: string, webhookId: string): ItemKey => ({
    pk: keys.workspacePartition(workspaceId),
    sk: `${WEBHOOK_PREFIX}${webhookId}`,
  }),
  webhookPrefix: WEBHOOK_PREFIX,
  /** One partition per webhook: its delivery log is one Query. */
  deliveryPartition,
  delivery: (workspaceId: string, webhookId: string, deliveryId: string): ItemKey => ({
    pk: deliveryPartition(workspaceId, webhookId),
    sk: `${DELIVERY_PREFIX}${deliveryId}`,
  }),
  deliveryPrefix: DELIVERY_PREFIX,
  /**
   * A numbered delivery's entry in its webhook's log, beside the deliveries in their partition and sorted by
   * number, so page N is a range of entries (webhook-delivery-log.ts). It holds the delivery's id.
   */
  logEntry: (workspaceId: string, webhookId: string, number: number): ItemKey => ({
    pk: deliveryPartition(workspaceId, webhookId),
    sk: `${LOG_PREFIX}${pad(number, LOG_NUMBER_WIDTH)}`,
  }),
} as const;

/** The sweep entry of a delivery whose attempt `attempt` is due at `dueAt` (or whose claim ends then). */
export function deliverySweepKeys(deliveryId: string, dueAt: string, attempt: number) {
  return {
    gsi5pk: `${WEBHOOK_SWEEP_PREFIX}${sweepShard(deliveryId)}`,
    gsi5sk: `${dueAt}#${deliveryId}#${attempt}`,
  };
}

/** Reads a `WEBHOOKS#` index entry back from the keys a KEYS_ONLY index returns. */
export function parseRunEventSweepEntry(item: Record<string, unknown>): RunEventSweepEntry | undefined {
  const [pk, sk, indexSk] = [String(item.pk), String(item.sk), String(item.gsi5sk)];
  const dueAt = indexSk.split("#")[0] ?? "";
  const journal = /^WS#(.+)#RUN#(.+)$/.exec(pk);
  const journalSeq = /^JRN#(\d+)$/.exec(sk);
  if (journal?.[1] && journal[2] && journalSeq?.[1]) {
    return {
      kind: "outbox",
      workspaceId: journal[1],
      runId: journal[2],
      journalSeq: Number(journalSeq[1]),
      dueAt,
    };
  }
  const delivery = /^WS#(.+)#WEBHOOK#(.+)$/.exec(pk);
  const deliveryId = sk.startsWith(DELIVERY_PREFIX) ? sk.slice(DELIVERY_PREFIX.length) : undefined;
  const attempt = Number(indexSk.split("#")[2]);
  if (delivery?.[1] && delivery[2] && deliveryId && Number.isInteger(attempt) && attempt > 0) {
    return { kind: "delivery", workspaceId: delivery[1], webhookId: delivery[2], deliveryId, attempt, dueAt };
  }
  return undefined;
}
