import { describe, expect, it } from "vitest";
import type { RunRecord } from "../../../core/domain/run-record";
import { rearmWake, scheduleWake, timedWakeAtMs, wakeScheduleName } from "../../../core/engine/wake";
import { MAX_QUEUE_DELAY_MS } from "../../../core/ports/queue";
import {
  active,
  fixedClock,
  MINUTE,
  recordingQueue,
  recordingScheduler,
  runningRun,
  runRecord,
  T0,
} from "./builders";

const doorbell = { type: "run.advance", workspaceId: "wsp_1", runId: "run_1" };

async function wake(run: RunRecord, nowMs = T0) {
  const queue = recordingQueue();
  const scheduler = recordingScheduler();
  await scheduleWake({ queue, scheduler, clock: fixedClock(nowMs) }, run);
  return { queue: queue.sent, scheduled: scheduler.scheduled, cancelled: scheduler.cancelled };
}

const onTimer = (untilMs: number, attempt = 1) =>
  runRecord({
    status: "WAITING",
    active: active({ stepStatus: "WAITING", lease: null, attempt, wait: { kind: "timer", untilMs } }),
  });

const retryAt = (retryAtMs: number, attempt = 1) =>
  runningRun({ stepStatus: "FAILED", lease: null, attempt, retryAtMs });

const debounced = (startAtMs: number) =>
  runRecord({ debounceWindow: { key: "k", periodMs: MINUTE, startAtMs, creations: 1 } });

describe("scheduleWake", () => {
  it("rings a debounced run when its window closes, by the queue or a named schedule", async () => {
    expect(await wake(debounced(T0 + 2 * MINUTE))).toEqual({
      queue: [{ message: doorbell, options: { delayMs: 2 * MINUTE } }],
      scheduled: [],
      cancelled: [],
    });
    const far = await wake(debounced(T0 + 60 * MINUTE));
    expect(far.scheduled).toEqual([
      { name: wakeScheduleName(debounced(T0 + 60 * MINUTE)), atMs: T0 + 60 * MINUTE, message: doorbell },
    ]);
    // Each moved close has its own name, so a join can remove the schedule it replaces.
    expect(wakeScheduleName(debounced(T0 + 61 * MINUTE))).not.toBe(
      wakeScheduleName(debounced(T0 + 60 * MINUTE)),
    );
    expect(timedWakeAtMs(runRecord())).toBeUndefined();
  });

  it("carries the run's priority on its doorbell, queued or scheduled, so it keeps its place in its workspace", async () => {
    const urgent = (untilMs: number) => ({ ...onTimer(untilMs), priority: 8 });
    expect((await wake(urgent(T0 + MINUTE))).queue).toEqual([
      { message: { ...doorbell, priority: 8 }, options: { delayMs: MINUTE } },
    ]);
    expect((await wake(urgent(T0 + 60 * MINUTE))).scheduled.map((entry) => entry.message)).toEqual([
      { ...doorbell, priority: 8 },
    ]);
  });

  it("puts the doorbell on the queue with the delay when it is due within 15 minutes", async () => {
    expect(await wake(onTimer(T0 + 5 * MINUTE))).toEqual({
      queue: [{ message: doorbell, options: { delayMs: 5 * MINUTE } }],
      scheduled: [],
      cancelled: [],
    });
  });

  it("still uses the queue at exactly 15 minutes", async () => {
    const { queue, scheduled } = await wake(onTimer(T0 + MAX_QUEUE_DELAY_MS));
    expect(MAX_QUEUE_DELAY_MS).toBe(15 * MINUTE);
    expect(queue).toEqual([{ message: doorbell, options: { delayMs: MAX_QUEUE_DELAY_MS } }]);
    expect(scheduled).toEqual([]);
  });

  it("schedules a one-shot named after the active step and attempt when it is due later", async () => {
    const atMs = T0 + MAX_QUEUE_DELAY_MS + 1;
    const { queue, scheduled } = await wake(onTimer(atMs, 2));
    expect(queue).toEqual([]);
    expect(scheduled).toEqual([{ name: wakeScheduleName(onTimer(atMs, 2)), atMs, message: doorbell }]);
  });

  it("rings at once (delay 0) for a time already past", async () => {
    const { queue } = await wake(onTimer(T0 - MINUTE));
    expect(queue).toEqual([{ message: doorbell, options: { delayMs: 0 } }]);
  });

  it("wakes a RUNNING run for its failed step's retry", async () => {
    expect((await wake(retryAt(T0 + 2000))).queue).toEqual([
      { message: doorbell, options: { delayMs: 2000 } },
    ]);
    const late = await wake(retryAt(T0 + 60 * MINUTE, 3));
    expect(late.scheduled).toEqual([
      { name: wakeScheduleName(retryAt(T0 + 60 * MINUTE, 3)), atMs: T0 + 60 * MINUTE, message: doorbell },
    ]);
  });

  it("wakes a signal or approval wait at its deadline", async () => {
    const signal = runRecord({
      status: "WAITING",
      active: active({
        stepStatus: "WAITING",
        lease: null,
        wait: { kind: "signal", signalType: "paid", deadlineMs: T0 + MINUTE },
      }),
    });
    const approval = runRecord({
      status: "PAUSED",
      active: active({
        stepStatus: "WAITING",
        lease: null,
        wait: { kind: "approval", approvalRequestId: "apr_1", deadlineMs: T0 + 2 * 60 * MINUTE },
      }),
    });
    expect((await wake(signal)).queue).toEqual([{ message: doorbell, options: { delayMs: MINUTE } }]);
    expect((await wake(approval)).scheduled).toEqual([
      { name: wakeScheduleName(approval), atMs: T0 + 2 * 60 * MINUTE, message: doorbell },
    ]);
  });

  const nothing = { queue: [], scheduled: [], cancelled: [] };

  it.each([
    ["a PENDING run", runRecord()],
    ["a RUNNING step under a lease (the sweeper covers dead workers)", runningRun()],
    ["a RUNNING run between steps", runningRun({ active: null, nextStepName: "b" })],
    ["a completed run", runRecord({ status: "COMPLETED", output: {} })],
    [
      "a FAILED run, whatever its step's retry time",
      runningRun({ status: "FAILED", stepStatus: "FAILED", lease: null, retryAtMs: T0 + MINUTE }),
    ],
    [
      "a signal wait without a deadline",
      runRecord({
        status: "WAITING",
        active: active({
          stepStatus: "WAITING",
          lease: null,
          wait: { kind: "signal", signalType: "x", deadlineMs: null },
        }),
      }),
    ],
    [
      "an approval without a deadline",
      runRecord({
        status: "PAUSED",
        active: active({
          stepStatus: "WAITING",
          lease: null,
          wait: { kind: "approval", approvalRequestId: "apr_1", deadlineMs: null },
        }),
      }),
    ],
  ])("asks for no wake-up for %s", async (_label, run) => {
    expect(await wake(run)).toEqual(nothing);
    expect(timedWakeAtMs(run)).toBeUndefined();
  });
});

describe("rearmWake", () => {
  async function rearm(run: RunRecord) {
    const scheduler = recordingScheduler();
    await rearmWake({ scheduler, clock: fixedClock(T0) }, run);
    return scheduler.scheduled;
  }

  it("arms a wake-up still ahead as the schedule its commit would name, however near it is", async () => {
    expect(await rearm(onTimer(T0 + 4000))).toEqual([
      { name: wakeScheduleName(onTimer(T0 + 4000)), atMs: T0 + 4000, message: doorbell },
    ]);
    expect(await rearm(retryAt(T0 + 60 * MINUTE, 2))).toEqual([
      { name: wakeScheduleName(retryAt(T0 + 60 * MINUTE, 2)), atMs: T0 + 60 * MINUTE, message: doorbell },
    ]);
  });

  it("arms nothing for a wake-up already due (its plan acts on it) or a run that needs none", async () => {
    expect(await rearm(onTimer(T0))).toEqual([]);
    expect(await rearm(runningRun())).toEqual([]);
  });
});

describe("timedWakeAtMs", () => {
  it("is the retry time, the timer's end or the deadline", () => {
    expect(timedWakeAtMs(retryAt(T0 + 7))).toBe(T0 + 7);
    expect(timedWakeAtMs(onTimer(T0 + 8))).toBe(T0 + 8);
  });
});

describe("wakeScheduleName", () => {
  it("starts with the run's id and stays within Scheduler's 64 characters", () => {
    const name = wakeScheduleName(onTimer(T0, 1));
    expect(name?.startsWith("run_1-")).toBe(true);
    expect(name?.length).toBeLessThanOrEqual(64);
  });

  it("gives each attempt of a step its own name", () => {
    expect(wakeScheduleName(retryAt(T0, 1))).not.toBe(wakeScheduleName(retryAt(T0, 2)));
  });

  it("gives a wait's deadline and the retry after it, same step run and attempt, different names", () => {
    const deadline = runRecord({
      status: "PAUSED",
      active: active({
        stepStatus: "WAITING",
        lease: null,
        wait: { kind: "approval", approvalRequestId: "apr_1", deadlineMs: T0 + 60 * MINUTE },
      }),
    });
    expect(wakeScheduleName(deadline)).not.toBe(wakeScheduleName(retryAt(T0 + 90 * MINUTE, 1)));
  });

  it("has no name for a run that needs no wake-up", () => {
    expect(wakeScheduleName(runningRun({ active: null, nextStepName: "b" }))).toBeUndefined();
  });
});
