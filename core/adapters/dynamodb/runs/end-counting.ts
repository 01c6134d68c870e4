import type { RunRecord } from "../../../domain/run-record";
import { isEndedStatus } from "../../../domain/statuses";

/**
 * Counting runs as they end (docs/lists.md, "Runs by status"). A write that ends a top-level run adds it
 * to its ended status's count first, and marks the run (RunRecord.endCounted, in place: the caller holds the
 * run as written); a write that revives it (the retry endpoint) takes it out of the count once it has
 * landed. A write that loses takes back what it added and leaves the run as it was.
 */
export interface EndCountWrites {
  /** Whether the run's workspace counts its end (ended-counts.ts `countedAbove`). */
  counts(run: RunRecord): Promise<boolean>;
  add(run: RunRecord, status: string, delta: number): Promise<void>;
}

type EndCounted = NonNullable<RunRecord["endCounted"]>;

interface Placement {
  run: RunRecord;
  before: EndCounted | undefined;
  added?: EndCounted;
}

export function createEndCounting(writes: EndCountWrites) {
  async function place(run: RunRecord): Promise<Placement> {
    const before = run.endCounted;
    if (run.parent !== undefined || before?.status === run.status) return { run, before };
    if (!isEndedStatus(run.status)) {
      delete run.endCounted;
      return { run, before };
    }
    if (!(await writes.counts(run))) return { run, before };
    const added = { status: run.status, version: run.version };
    await writes.add(run, added.status, 1);
    run.endCounted = added;
    return { run, before, added };
  }

  /**
   * After the write. After an unknown error nothing is taken back: the write may have landed, and the count
   * would then miss its run.
   */
  async function settle(placements: readonly Placement[], outcome: "committed" | "lost" | "unknown") {
    const undo: Promise<void>[] = [];
    for (const { run, before, added } of placements) {
      if (outcome === "committed") {
        if (before && run.endCounted !== before) undo.push(writes.add(run, before.status, -1));
        continue;
      }
      if (outcome === "lost" && added) undo.push(writes.add(run, added.status, -1));
      if (before) run.endCounted = before;
      else delete run.endCounted;
    }
    await Promise.all(undo);
  }

  return {
    /** Counts each run the write ends, and marks one it revives. If a count fails, those added are taken back. */
    async place(runs: readonly RunRecord[]): Promise<Placement[]> {
      const placed = await Promise.allSettled(runs.map(place));
      const failed = placed.find((result) => result.status === "rejected");
      const placements = placed.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      if (!failed) return placements;
      await settle(placements, "lost");
      throw failed.reason;
    },
    settle,
  };
}
