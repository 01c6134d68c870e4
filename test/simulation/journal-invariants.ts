import { groupBy } from "../../core/adapters/dynamodb/table/per-turn";
import type { MemoryRunsDump } from "../../core/adapters/memory/runs-store";
import type { StoredEvent } from "../../core/domain/run-history";
import type { RunRecord } from "../../core/domain/run-record";
import { RunStatus } from "../../core/domain/statuses";
import type { Write } from "./history";
import type { Flag } from "./invariants";

const TERMINAL_EVENTS: Record<string, RunStatus> = {
  WORKFLOW_COMPLETED: RunStatus.Completed,
  WORKFLOW_CANCELLED: RunStatus.Cancelled,
  WORKFLOW_SUPERSEDED: RunStatus.Superseded,
};

/** Events are numbered 1..n per run, with no gap and no number twice. */
export function denseSeqs(run: RunRecord, events: readonly StoredEvent[], flag: Flag): void {
  const seqs = events.map((event) => event.seq).sort((a, b) => a - b);
  const dense = seqs.length === run.eventSeq && seqs.every((seq, i) => seq === i + 1);
  if (!dense) flag("event seqs dense", run.id, `eventSeq ${run.eventSeq}, journal holds [${seqs.join(",")}]`);
}

/**
 * One WORKFLOW_STARTED, first; one terminal event, last, matching the status; a WORKFLOW_FAILED is the last
 * event or is followed by a retry's commit (the retry endpoint revives a FAILED run).
 */
export function lifecycle(
  run: RunRecord,
  events: readonly StoredEvent[],
  writes: readonly Write[],
  flag: Flag,
): void {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const types = ordered.map((event) => event.eventType);
  // A signal sent to a PENDING run is kept (SIGNAL_BUFFERED), and an upgrade of a PENDING run lands
  // (WORKFLOW_UPGRADED), before the run starts: not part of its course.
  const course = types.filter((type) => type !== "SIGNAL_BUFFERED" && type !== "WORKFLOW_UPGRADED");
  const started = course.filter((type) => type === "WORKFLOW_STARTED").length;
  const bare =
    course.length === 1 && (course[0] === "WORKFLOW_CANCELLED" || course[0] === "WORKFLOW_SUPERSEDED");
  if (course.length > 0 && !bare && (started !== 1 || course[0] !== "WORKFLOW_STARTED")) {
    flag("one WORKFLOW_STARTED", run.id, `events: ${types.join(" ")}`);
  }
  const terminal = ordered.filter((event) => event.eventType in TERMINAL_EVENTS);
  if (terminal.length > 1 || (terminal[0] && terminal[0] !== ordered.at(-1))) {
    flag("one terminal event", run.id, `events: ${types.join(" ")}`);
  }
  const retrySeqs = new Set(
    writes
      .filter((write) => write.role === "retry")
      .flatMap((write) => write.events.map((event) => event.seq)),
  );
  for (const failed of ordered.filter((event) => event.eventType === "WORKFLOW_FAILED")) {
    if (failed === ordered.at(-1) || retrySeqs.has(failed.seq + 1)) continue;
    flag(
      "one terminal event",
      run.id,
      `events after WORKFLOW_FAILED #${failed.seq} without a retry: ${types.join(" ")}`,
    );
  }
  const last = ordered.at(-1)?.eventType;
  const expected =
    run.status === RunStatus.Failed
      ? "WORKFLOW_FAILED"
      : Object.keys(TERMINAL_EVENTS).find((type) => TERMINAL_EVENTS[type] === run.status);
  if (expected !== undefined && last !== expected) {
    flag("one terminal event", run.id, `${run.status} but its last event is ${last ?? "none"}`);
  }
}

/**
 * Invariant 3: a step run is COMPLETED by one commit only, its one STEP_COMPLETED; and each of its
 * attempts is started once, in order (two workers both starting one attempt would show here).
 */
export function completedOnce(dump: MemoryRunsDump, flag: Flag): void {
  for (const { run, history } of dump.runs) {
    const runId = run.id;
    const completedEvents = groupBy(
      history.events.filter((event) => event.eventType === "STEP_COMPLETED"),
      (event) => event.stepRunId ?? "",
    );
    for (const [stepRunId, events] of completedEvents) {
      if (events.length > 1) {
        flag(
          "no step completed twice",
          runId,
          `${events.length} STEP_COMPLETED for ${stepRunId} (seqs ${events.map((e) => e.seq).join(",")})`,
        );
      }
    }
    const starts = groupBy(
      history.events.filter((event) => event.eventType === "STEP_STARTED"),
      (event) => event.stepRunId ?? "",
    );
    for (const [stepRunId, events] of starts) {
      const attempts = events.sort((a, b) => a.seq - b.seq).map((event) => Number(event.payload.attempt));
      if (attempts.some((attempt, i) => attempt !== i + 1)) {
        flag("one start per attempt", runId, `${stepRunId} started as attempts ${attempts.join(",")}`);
      }
    }
  }
}
