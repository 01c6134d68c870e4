import type { DebounceWindow } from "./debounce";
import { type RunStatus, RunStatus as Status } from "./statuses";

/**
 * Slots: a key with a limit (docs/triggers.md, "Concurrency, priority and throttle"). A run that has one holds
 * it from its start to its end: at most `limit` runs of the key are started and unfinished at once, and the
 * others wait PENDING in the key's queue, in priority then creation order. The slot is taken and given back by
 * the run's own commits (RunTransition.finish derives the move from the status change), so the slot's holders
 * and the runs' statuses can never disagree, whatever crashes.
 *
 * Nothing here is about concurrency keys as such: anything that needs "at most N of these at once, the rest
 * queued" (a definition's `concurrency`, a supersession key's `queue_latest` as a slot of 1) sets `slot` on the
 * run at its creation and gets the queue, the ordering and the release for free.
 */
export interface RunSlot {
  /** The slot's identity within the workspace; runs with the same key share its holders and its queue. */
  key: string;
  /** At most this many runs hold the key at once (1–LIMITS.concurrencyLimit). */
  limit: number;
}

/** At most `limit` runs with `key` start in any `periodMs` (docs/triggers.md). */
export interface RunThrottle {
  key: string;
  limit: number;
  periodMs: number;
}

/** `supersession`: a run created with `supersedeMode: "queue_latest"` waits for the running run of its key. */
export type WaitingFor = "concurrency" | "throttle" | "supersession";

/** Why a PENDING run has not started, and when the engine looks at it again by itself. */
export interface RunWaiting {
  for: WaitingFor;
  /**
   * A throttle's next opening; for a slot a backstop only (SLOT_RECHECK_MS after the last look): the run is
   * rung when a holder ends, and the recheck finds it if that ring was lost.
   */
  recheckAtMs: number;
}

/**
 * How the run is let in: its priority, the slot it holds, its throttle, what holds it back while PENDING, and its
 * debounce window. Set at its creation and written by the admission's commits (the start, the slot's queue).
 */
export interface RunAdmission {
  /** 0–9, higher first: orders the runs waiting for the same slot, and the workers' pick (absent: 5). */
  priority?: number;
  /** The slot the run holds while started and unfinished. Absent: none. */
  slot?: RunSlot;
  /** The concurrency key as the run's creation gave it or its definition's template rendered it. */
  concurrencyKey?: string;
  throttle?: RunThrottle;
  /** A PENDING run held back by its slot or its throttle. Absent otherwise. */
  waiting?: RunWaiting;
  /** A debounced run, until it starts: its window, which creations with the same key join. */
  debounceWindow?: DebounceWindow;
}

/** What a PENDING run waits for before it starts (its slot, its throttle, its debounce window), if anything. */
export function waitingForOf(run: RunAdmission & { status: RunStatus }): WaitingFor | "debounce" | undefined {
  if (run.status !== Status.Pending) return undefined;
  return run.waiting?.for ?? (run.debounceWindow === undefined ? undefined : "debounce");
}

export const DEFAULT_PRIORITY = 5;
export const MAX_PRIORITY = 9;

/** How long a run waiting for a slot goes without a look if every ring that should wake it is lost. */
export const SLOT_RECHECK_MS = 10 * 60 * 1000;

/**
 * The slot a `supersedeMode: "queue_latest"` creation takes (docs/triggers.md, "Supersession modes"): one run of
 * its supersession key started at a time, the newest creation queued behind it (the creation supersedes the
 * queued ones, so the queue holds one run).
 */
export function supersessionSlot(supersessionKey: string): RunSlot {
  return { key: `${SUPERSESSION_SLOT_PREFIX}${supersessionKey}`, limit: 1 };
}

const SUPERSESSION_SLOT_PREFIX = "supersede:";

/** What a run waiting for its slot waits for, as the API says it. */
export function slotWaitsFor(slot: RunSlot): "concurrency" | "supersession" {
  return slot.key.startsWith(SUPERSESSION_SLOT_PREFIX) ? "supersession" : "concurrency";
}

/**
 * A run of a supersession key that ended after it started, holding no place in the key's `queue_latest` slot:
 * a `queue_latest` run waits behind any started run of its key, whatever mode created it, so that slot's queue
 * is rung all the same.
 */
export function supersessionSlotFreed(
  run: { supersessionKey: string | null; slot?: RunSlot | undefined },
  before: RunStatus,
  after: RunStatus,
): RunSlot | undefined {
  if (run.supersessionKey === null || !holdsSlot(before) || holdsSlot(after)) return undefined;
  const slot = supersessionSlot(run.supersessionKey);
  return run.slot?.key === slot.key ? undefined : slot;
}

/** What a change of a run does to its slot, derived from the run's status before and after. */
export type SlotMove =
  /** The run starts (or a failed run is retried): it takes a place among the holders, if one is free. */
  | { kind: "acquire"; slot: RunSlot }
  /** The run ended while holding the slot (completed, failed, cancelled, superseded): its place frees. */
  | { kind: "release"; slot: RunSlot }
  /** The run ended before it started (cancelled, superseded): it leaves the queue. */
  | { kind: "leave-queue"; slot: RunSlot };

/** A run holds its slot while it is started and unfinished. */
export function holdsSlot(status: RunStatus): boolean {
  return status === Status.Running || status === Status.Waiting || status === Status.Paused;
}

export function slotMove(
  slot: RunSlot | undefined,
  before: RunStatus,
  after: RunStatus,
): SlotMove | undefined {
  if (!slot) return undefined;
  const held = holdsSlot(before);
  const holds = holdsSlot(after);
  if (!held && holds) return { kind: "acquire", slot };
  if (held && !holds) return { kind: "release", slot };
  if (before === Status.Pending && after !== Status.Pending) return { kind: "leave-queue", slot };
  return undefined;
}

/** A throttle's starts within its period after `nowMs`'s start, oldest first: what its item keeps. */
export function startsInPeriod(starts: readonly number[], throttle: RunThrottle, nowMs: number): number[] {
  return starts.filter((startMs) => startMs > nowMs - throttle.periodMs).sort((a, b) => a - b);
}

/** When the throttle lets one more run start: now if under its limit, else when its oldest counted start expires. */
export function throttleOpensAtMs(starts: readonly number[], throttle: RunThrottle, nowMs: number): number {
  const counted = startsInPeriod(starts, throttle, nowMs);
  if (counted.length < throttle.limit) return nowMs;
  return (counted[counted.length - throttle.limit] ?? nowMs) + throttle.periodMs;
}

/** A throttle start a change records: the key's starts as they will be, written only if still at `readVersion`. */
export interface ThrottleStart {
  throttle: RunThrottle;
  starts: number[];
  readVersion: number;
}
