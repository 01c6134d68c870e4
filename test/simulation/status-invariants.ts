import type { RunRecord } from "../../core/domain/run-record";
import {
  FINAL_RUN_STATUSES,
  RUN_TRANSITIONS,
  RunStatus,
  STEP_TRANSITIONS,
  StepRunStatus,
} from "../../core/domain/statuses";
import type { Write } from "./history";
import type { Flag } from "./invariants";

/**
 * Replays what was written to the run. Invariant 2: one commit per version (a second from the same version
 * is a lost update), and the store ends where the last commit left it. The state tables: each status
 * reachable from the one before (a commit may pass through several), nothing after COMPLETED, CANCELLED or
 * SUPERSEDED, only a retry after FAILED; likewise for each step run.
 */
export function statusReplay(run: RunRecord, writes: readonly Write[], flag: Flag): void {
  const ordered = [...writes].sort((a, b) => a.fromVersion - b.fromVersion || a.at - b.at);
  let status: RunStatus | undefined;
  const steps = new Map<string, { status: StepRunStatus; attempt: number }>();
  let forked = false;
  ordered.forEach((write, i) => {
    if (write.fromVersion !== i && !forked) {
      forked = true;
      flag(
        "one commit per version",
        run.id,
        `write by ${write.by} from version ${write.fromVersion}, expected ${i}` +
          ` (versions written: ${ordered.map((w) => w.fromVersion).join(",")})`,
      );
    }
    if (status !== undefined) {
      const ended =
        FINAL_RUN_STATUSES.includes(status) || (status === RunStatus.Failed && write.role !== "retry");
      // The one write an ended run takes: a child run noting that its parent heard of its end (parentTold),
      // which keeps its status and records nothing.
      const note = ended && write.status === status && write.events.length === 0;
      if ((ended && !note) || !reachableRun(status, write.status)) {
        flag(
          "statuses by the tables",
          run.id,
          `${status} → ${write.status} by ${write.by} (v${write.fromVersion})`,
        );
      }
    }
    status = write.status;
    for (const stepRun of write.stepRuns) {
      const before = steps.get(stepRun.id) ?? { status: StepRunStatus.Running, attempt: 1 };
      const retried = stepRun.attempt > before.attempt;
      const moved = retried
        ? reachableStep(before.status, StepRunStatus.Failed) &&
          reachableStep(StepRunStatus.Running, stepRun.status)
        : stepRun.attempt === before.attempt && reachableStep(before.status, stepRun.status);
      if (!moved) {
        flag(
          "statuses by the tables",
          run.id,
          `step run ${stepRun.id}: ${before.status}#${before.attempt} → ` +
            `${stepRun.status}#${stepRun.attempt} by ${write.by}`,
        );
      }
      steps.set(stepRun.id, stepRun);
    }
  });
  if (ordered.length > 0 && (run.version !== ordered.length || run.status !== status)) {
    flag(
      "one commit per version",
      run.id,
      `stored v${run.version} ${run.status}, but ${ordered.length} writes ending ${status}`,
    );
  }
}

function closure<S extends string>(table: Readonly<Record<S, readonly S[]>>): Map<S, Set<S>> {
  const reach = new Map<S, Set<S>>();
  for (const from of Object.keys(table) as S[]) {
    const seen = new Set<S>([from]);
    const frontier = [from];
    for (let next = frontier.pop(); next !== undefined; next = frontier.pop()) {
      for (const to of table[next]) {
        if (!seen.has(to)) {
          seen.add(to);
          frontier.push(to);
        }
      }
    }
    reach.set(from, seen);
  }
  return reach;
}

const RUN_REACH = closure(RUN_TRANSITIONS);
const STEP_REACH = closure(STEP_TRANSITIONS);
const reachableRun = (from: RunStatus, to: RunStatus) => RUN_REACH.get(from)?.has(to) ?? false;
const reachableStep = (from: StepRunStatus, to: StepRunStatus) => STEP_REACH.get(from)?.has(to) ?? false;
