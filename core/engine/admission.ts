import type { RunTransition } from "../domain/run-change";
import { runDoorbell } from "../domain/run-messages";
import type { RunRecord } from "../domain/run-record";
import {
  holdsSlot,
  type RunSlot,
  type RunWaiting,
  SLOT_RECHECK_MS,
  slotWaitsFor,
  startsInPeriod,
  type ThrottleStart,
  throttleOpensAtMs,
} from "../domain/run-slots";
import type { Deps } from "../ports/deps";
import type { QueuedRun, RunsStore } from "../ports/store";

/**
 * Whether a PENDING run may start now (docs/triggers.md, "Concurrency, priority and throttle"): its slot must
 * have a free place that is the run's by queue order (priority, then creation: a new run never overtakes an
 * older one), and its throttle must have room in its period. A `queue_latest` run's slot is its supersession
 * key's, and it also waits while any other run of the key is started and unended, whatever mode created it
 * (those hold no place in the slot). The reads here only decide; the start's commit
 * carries the slot's and the throttle's own conditions, so a decision made on a stale read loses its commit
 * and is made again.
 */
export type Admission =
  | { kind: "start"; throttleStart?: ThrottleStart }
  /** `ahead`: runs whose turn it is that have not started (their ring may have been lost): ring them. */
  | { kind: "wait"; waiting: RunWaiting; ahead: QueuedRun[] };

type AdmissionDeps = { store: Pick<RunsStore, "runs"> };

export async function admission(deps: AdmissionDeps, run: RunRecord, nowMs: number): Promise<Admission> {
  if (run.slot) {
    const waiting: RunWaiting = { for: slotWaitsFor(run.slot), recheckAtMs: nowMs + SLOT_RECHECK_MS };
    const next = await nextInQueue(deps, run.workspaceId, run.slot);
    if (!next.some((queued) => queued.runId === run.id)) return { kind: "wait", waiting, ahead: next };
    if (waiting.for === "supersession" && (await otherRunStarted(deps, run)))
      return { kind: "wait", waiting, ahead: [] };
  }
  const throttle = run.throttle;
  if (!throttle) return { kind: "start" };
  const { starts, version } = await deps.store.runs.throttle(run.workspaceId, throttle.key);
  const opensAtMs = throttleOpensAtMs(starts, throttle, nowMs);
  if (opensAtMs > nowMs)
    return { kind: "wait", waiting: { for: "throttle", recheckAtMs: opensAtMs }, ahead: [] };
  const counted = [...startsInPeriod(starts, throttle, nowMs), nowMs].slice(-throttle.limit);
  return { kind: "start", throttleStart: { throttle, starts: counted, readVersion: version } };
}

/**
 * Whether another run of the run's supersession key is started and unended. Read like supersession's own
 * candidates (runs/supersede.ts): the key's index, each run strongly consistent. Its end rings this run
 * (RunCommit.ringsQueueOf); a ring lost, the run's recheck comes back.
 */
async function otherRunStarted(deps: AdmissionDeps, run: RunRecord): Promise<boolean> {
  if (run.supersessionKey === null) return false;
  const runs = await deps.store.runs.liveWithSupersessionKey(run.workspaceId, run.supersessionKey);
  return runs.some((other) => other.id !== run.id && holdsSlot(other.status));
}

/** The queued runs that take the slot's free places, in order: as many as there are free places. */
async function nextInQueue(deps: AdmissionDeps, workspaceId: string, slot: RunSlot): Promise<QueuedRun[]> {
  const { holders } = await deps.store.runs.slot(workspaceId, slot.key, 0);
  const free = slot.limit - holders.length;
  if (free <= 0) return [];
  return (await deps.store.runs.slot(workspaceId, slot.key, free)).queue;
}

/**
 * Records the wait on the run, when it is news: a first wait, another reason, a throttle opening at another
 * time, or the recheck that was due. A ring that finds the run waiting as recorded writes nothing.
 * @returns false when nothing is to be committed.
 */
export function recordWait(tx: RunTransition, waiting: RunWaiting): boolean {
  const was = tx.run.waiting;
  const news =
    was === undefined ||
    was.for !== waiting.for ||
    (waiting.for === "throttle" && was.recheckAtMs !== waiting.recheckAtMs) ||
    was.recheckAtMs <= tx.nowMs;
  if (news) tx.run.waiting = waiting;
  return news;
}

/** After a run gave its place back or left the queue: rings the queued runs whose turn it now is. */
export async function ringSlotQueue(
  deps: AdmissionDeps & Pick<Deps, "queue">,
  workspaceId: string,
  slot: RunSlot,
): Promise<void> {
  await ringRuns(deps, workspaceId, await nextInQueue(deps, workspaceId, slot));
}

/** Rings queued runs, each doorbell with its run's priority for the queue's pick (run-messages.ts). */
export async function ringRuns(
  deps: Pick<Deps, "queue">,
  workspaceId: string,
  queued: QueuedRun[],
): Promise<void> {
  for (const { runId, priority } of queued) await deps.queue.send(runDoorbell(workspaceId, runId, priority));
}
