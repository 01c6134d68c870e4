/**
 * How soon a parent's children stop once the parent no longer waits for them, in virtual time, when the
 * process that ended the parent dies right after its commit (docs/flow.md, "Child runs"). The random
 * schedules (schedule.ts) prove that such children are cancelled in the end (child-invariants.ts); this
 * proves how soon: a parent cancelled, or superseded by a creation on its key, while its two children wait
 * for signals nobody sends, by an API actor that dies at the Nth port call after the parent's commit. The
 * world is AWS's (the queue delays exactly, the sweeper runs every minute with its grace), calm but for that
 * one crash, and the answer is how long after the commit the last child was CANCELLED.
 */
import { createMemoryRunsStore } from "../../core/adapters/memory/runs-store";
import { LIVE_RUN_STATUSES } from "../../core/domain/statuses";
import type { StepDefinition } from "../../core/domain/step";
import { cancelRun } from "../../core/runs/cancel-run";
import { createRun } from "../../core/runs/create-run";
import { CALM_QUEUE } from "./chaos-queue";
import { CALM_SCHEDULER } from "./chaos-scheduler";
import { WORKSPACE } from "./clients";
import { MINUTE } from "./durations";
import { Random } from "./random";
import { type FaultAt, Stage } from "./stage";
import { storeDefinition } from "./stored-definitions";

/** How the parent stops waiting for its children. */
export type ParentEnd = "cancel" | "supersede";

/** Past this the children are reported as not stopped: far beyond any sweep bucket and grace. */
const HORIZON_MS = 30 * MINUTE;
/** The sweeper's cron, as in the random schedules and on AWS. */
const SWEEP_EVERY_MS = MINUTE;
const MAX_SETTLE_MOVES = 10_000;
const SUPERSESSION_KEY = "parents";

const waitsForSignal = (name: string): StepDefinition =>
  ({ type: "external_event", name, signalType: `${name}.done` }) as StepDefinition;

const PARENT_STEPS = [
  {
    type: "parallel",
    name: "together",
    join: "all",
    branches: [
      { name: "left", steps: [waitsForSignal("left")] },
      { name: "right", steps: [waitsForSignal("right")] },
    ],
  },
] as StepDefinition[];

/**
 * The ms of virtual time from the commit that ended the parent to the moment its last child was cancelled
 * (undefined: not within HORIZON_MS), with the children it had.
 */
export async function childrenStopAfter(
  end: ParentEnd,
  diesAtCall: number,
  /** Told every move and port call, to follow a case by eye. */
  trace: (line: string) => void = () => {},
): Promise<{ stoppedAfterMs: number | undefined; children: number }> {
  const store = createMemoryRunsStore();
  let parentId = "";
  const parentEnded = () =>
    store.dump().runs.some(({ run }) => run.id === parentId && !LIVE_RUN_STATUSES.includes(run.status));
  // The ending actor's commit goes through (the creation's, for a supersession); it dies at its
  // `diesAtCall`th port call after it.
  let callsAfterCommit = 0;
  const faultAt: FaultAt = (actor) => {
    if (actor.role !== end || !parentEnded()) return undefined;
    callsAfterCommit += 1;
    return callsAfterCommit === diesAtCall ? "crash-before" : undefined;
  };
  const weather = {
    queue: CALM_QUEUE,
    scheduler: CALM_SCHEDULER,
    http: { serverErrorRate: 0, failureRate: 0 },
    workers: 2,
    leaseMs: MINUTE,
    stepsPerInvocation: 50,
    faultRate: 0,
    redeliveryRate: 1,
  };
  const stage = new Stage(new Random(diesAtCall), weather, store, trace, faultAt);
  const { clock } = stage;
  const parentDefinition = await storeDefinition(stage.world, "parent", PARENT_STEPS);
  const parent = {
    definitionId: parentDefinition.id,
    supersessionKey: SUPERSESSION_KEY,
    supersedeExisting: true,
  };

  await stage.request("create", "parent", async (ports) => {
    parentId = (await createRun(ports, WORKSPACE, { ...parent, input: {} })).run.id;
  });
  await settle(stage);
  const childIds = store
    .dump()
    .runs.filter(({ run }) => run.parent?.runId === parentId && run.status === "WAITING")
    .map(({ run }) => run.id);
  if (childIds.length !== 2) throw new Error(`the parent has ${childIds.length} children waiting, not 2`);

  const endedAtMs = clock.nowMs();
  if (end === "cancel") {
    await stage.request("cancel", parentId, (ports) => cancelRun(ports, WORKSPACE, parentId));
  } else {
    const other = await storeDefinition(stage.world, "newer", [
      { type: "task", name: "n", handler: "noop" } as StepDefinition,
    ]);
    await stage.request("supersede", parentId, (ports) =>
      createRun(ports, WORKSPACE, { ...parent, definitionId: other.id, input: {} }),
    );
  }
  const stopped = () =>
    store
      .dump()
      .runs.every(({ run }) => !childIds.includes(run.id) || !LIVE_RUN_STATUSES.includes(run.status));
  let nextSweepAtMs = endedAtMs + SWEEP_EVERY_MS;
  for (;;) {
    await settle(stage);
    if (stopped()) return { stoppedAfterMs: clock.nowMs() - endedAtMs, children: childIds.length };
    if (clock.nowMs() - endedAtMs > HORIZON_MS)
      return { stoppedAfterMs: undefined, children: childIds.length };
    const nextAtMs = Math.min(stage.nextTimerAtMs() ?? Number.POSITIVE_INFINITY, nextSweepAtMs);
    clock.advance(Math.max(0, nextAtMs - clock.nowMs()));
    if (clock.nowMs() >= nextSweepAtMs) {
      nextSweepAtMs += SWEEP_EVERY_MS;
      await stage.sweep();
    }
  }
}

async function settle(stage: Stage): Promise<void> {
  if (!(await stage.settle(MAX_SETTLE_MOVES))) throw new Error(`still busy after ${MAX_SETTLE_MOVES} moves`);
}
