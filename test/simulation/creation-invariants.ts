import { groupBy } from "../../core/adapters/dynamodb/table/per-turn";
import type { RunRecord } from "../../core/domain/run-record";
import { holdsSlot } from "../../core/domain/run-slots";
import { LIVE_RUN_STATUSES } from "../../core/domain/statuses";
import type { Evidence, Flag } from "./invariants";
import { queuedLatest } from "./traffic-invariants";

/**
 * One idempotency key, one run, however many requests raced with it: in the store, and in what every
 * creation with the key answered.
 */
export function idempotentCreation({ dump, creations }: Evidence, flag: Flag): void {
  const runsByKey = new Map<string, Set<string>>();
  const note = (key: string, runId: string) =>
    runsByKey.set(key, (runsByKey.get(key) ?? new Set()).add(runId));
  for (const { run } of dump.runs) if (run.idempotencyKey !== null) note(run.idempotencyKey, run.id);
  for (const { idempotencyKey, runId } of creations)
    if (idempotencyKey !== undefined) note(idempotencyKey, runId);
  for (const [key, runIds] of runsByKey) {
    if (runIds.size > 1) flag("one run per idempotency key", null, `"${key}": ${[...runIds].join(", ")}`);
  }
}

/**
 * Every creation with a supersession key supersedes (the workload always asks it to), so of the runs
 * sharing a key only the newest is left live, even when creations raced; an older one may live again
 * only through a retry after that creation (a FAILED run is not live, so it is not superseded). A
 * `queue_latest` creation keeps the runs that had started: an older run stays live when every run created
 * after it with its key was `queue_latest` and found it started.
 */
export function newestLive({ dump, writes }: Evidence, flag: Flag): void {
  const byKey = groupBy(
    dump.runs.map(({ run }) => run).filter((run) => run.supersessionKey !== null),
    (run) => run.supersessionKey ?? "",
  );
  const createdAt = (run: RunRecord) =>
    writes.find((write) => write.runId === run.id && write.fromVersion === 0)?.at ?? 0;
  const startedAt = (run: RunRecord, at: number) => {
    const before = writes.filter((write) => write.runId === run.id && write.at < at).at(-1);
    return before !== undefined && holdsSlot(before.status);
  };
  for (const runs of byKey.values()) {
    const newest = runs.reduce((a, b) => (b.seq > a.seq ? b : a));
    for (const run of runs) {
      if (run === newest || !LIVE_RUN_STATUSES.includes(run.status)) continue;
      const revived = writes.some(
        (write) => write.runId === run.id && write.role === "retry" && write.at > createdAt(newest),
      );
      const kept = runs
        .filter((later) => later.seq > run.seq)
        .every((later) => queuedLatest(later) && startedAt(run, createdAt(later)));
      if (!revived && !kept)
        flag(
          "only the newest live",
          run.id,
          `${run.status}, but ${newest.id} was created after it with its key`,
        );
    }
  }
}
