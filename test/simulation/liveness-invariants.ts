import { liveChildIds } from "../../core/domain/child-runs";
import { holdsSlot } from "../../core/domain/run-slots";
import { FINAL_RUN_STATUSES, LIVE_RUN_STATUSES, RunStatus } from "../../core/domain/statuses";
import type { Evidence, Flag } from "./invariants";
import { slotFull } from "./slot-invariants";

/**
 * Invariant 4: after the drain, every run has ended or waits for a person: a signal, or a decision on the
 * approval it waits on, which must still be pending.
 */
export function noRunLost({ dump, creations, writes }: Evidence, flag: Flag): void {
  const pending = new Map(
    dump.approvals
      .filter(({ approval }) => approval.decision === null && approval.expiredAt === null)
      .map(({ approval }) => [approval.id, approval.workflowRunId]),
  );
  const stored = new Set(dump.runs.map(({ run }) => run.id));
  const created = new Set([
    ...creations.map((creation) => creation.runId),
    ...writes.filter((w) => w.fromVersion === 0).map((w) => w.runId),
  ]);
  for (const runId of created) {
    if (!stored.has(runId)) flag("no run lost", runId, "created, but the store does not have it");
  }
  const live = new Set(
    dump.runs.flatMap(({ run }) => (LIVE_RUN_STATUSES.includes(run.status) ? [run.id] : [])),
  );
  for (const { run } of dump.runs) {
    if (FINAL_RUN_STATUSES.includes(run.status) || run.status === RunStatus.Failed) continue;
    const wait = run.active?.wait;
    // A run waiting for its child runs waits for a person as long as one of them does (checked in turn).
    const waitsForChildren = liveChildIds(run).some((childId) => live.has(childId));
    const waitsForPerson =
      waitsForChildren ||
      // Queued for a slot its holders keep (each of them checked in turn).
      (run.status === RunStatus.Pending && run.waiting?.for === "concurrency" && slotFull(dump, run)) ||
      // queue_latest: behind a started run of its key, whatever mode created it (checked in turn).
      (run.status === RunStatus.Pending &&
        run.waiting?.for === "supersession" &&
        dump.runs.some(
          ({ run: other }) =>
            other.id !== run.id && other.supersessionKey === run.supersessionKey && holdsSlot(other.status),
        )) ||
      (run.status === RunStatus.Waiting && wait?.kind === "signal" && wait.deadlineMs === null) ||
      (run.status === RunStatus.Paused &&
        wait?.kind === "approval" &&
        wait.deadlineMs === null &&
        pending.get(wait.approvalRequestId) === run.id);
    if (!waitsForPerson) {
      const where = run.active
        ? `step ${run.active.stepRun.stepName} ${run.active.stepRun.status}, wait ${JSON.stringify(wait)}, ` +
          `lease ${JSON.stringify(run.active.lease)}, retry at ${run.active.retryAtMs}`
        : `no active step, next ${run.nextStepName}`;
      flag("no run lost", run.id, `${run.status} after the drain (${where})`);
    }
  }
}
