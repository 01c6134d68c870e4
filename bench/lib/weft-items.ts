import type { WireItem } from "./billed-units";

/**
 * How the cost bench reads Weft's single table from the billing proxy's side: the kind of an item by its
 * key (docs/data-model.md), and which requests are background work rather than the measured workload.
 */
export function itemKind(key: WireItem): string {
  const pk = key.pk?.S ?? "";
  const sk = key.sk?.S ?? "";
  if (sk === "RUN") return "run";
  if (sk.startsWith("JRN#")) return "journal";
  if (sk.startsWith("COST#") || pk.includes("#COSTDAY#")) return "cost-record";
  if (pk.endsWith("#COST")) return "cost-rollup";
  if (pk.startsWith("RATE#")) return "rate-limit";
  if (pk.startsWith("KEYHASH#") || sk.startsWith("APIKEY#")) return "api-key";
  if (sk.startsWith("COUNTER#")) return "run-counter";
  if (pk.includes("#ENDED#")) return "ended-count";
  if (sk === "IDEMPOTENCY") return "idempotency";
  if (sk === "APPROVAL") return "approval";
  if (sk.startsWith("DELIVERY#")) return "webhook-delivery";
  if (sk.startsWith("LOG#") && pk.includes("#WEBHOOK#")) return "webhook-log-entry";
  if (sk.startsWith("WEBHOOK#")) return "webhook";
  if (sk.startsWith("DEF#")) return "definition";
  if (sk.startsWith("PROVIDER#")) return "llm-provider";
  if (sk === "BUDGET" || sk.startsWith("BUDGET#MONTH#")) return "budget";
  if (sk === "LLMCACHE") return "llm-cache";
  if (sk.startsWith("REPLAY#")) return "replay";
  return "other";
}

/**
 * The bucket of a request. "sweeper": the periodic sweeps of gsi5 (run sweep and run-event outbox sweep), a
 * cost per interval and shard, not per step. "key-touch": an API key's `lastUsedAt`, written at most once a
 * minute per key, so it lands in whichever phase its minute turns in. "work": everything else, which is what
 * the phases measure.
 */
export function requestBucket(operation: string, input: Record<string, unknown>): string {
  if ((operation === "Query" || operation === "Scan") && input.IndexName === "gsi5") return "sweeper";
  if (operation === "TransactWriteItems") {
    const items = (input.TransactItems ?? []) as Record<string, { Key?: WireItem }>[];
    const touchesKey = items.some((entry) => entry.Update?.Key?.pk?.S?.startsWith("KEYHASH#"));
    if (touchesKey) return "key-touch";
  }
  return "work";
}
