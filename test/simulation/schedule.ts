/**
 * One schedule: a seed draws the weather (how often messages are lost, doubled or late, how often workers
 * die and where), a small workload, and then every move: which gate opens, which doorbell is delivered to
 * which worker, when time passes, when the sweeper runs and when an API request races the engine. Then a
 * calm drain (every doorbell delivered, time moved past every timer and lease, the sweeper run) and the
 * invariants, checked on what is left.
 */
import type { MemoryRunsDump } from "../../core/adapters/memory/runs-store";
import { sweepDueAtMs } from "../../core/domain/run-due";
import type { StoredEvent } from "../../core/domain/run-history";
import { FINAL_RUN_STATUSES } from "../../core/domain/statuses";
import type { StoredWorkflowDefinition } from "../../core/domain/workflow-definition-record";
import { SWEEP_GRACE_MS } from "../../core/engine/sweeper";
import type { RunsStore } from "../../core/ports/store";
import type { ManualClock } from "../helpers/manual-clock";
import { agentTranscripts } from "./agent-invariants";
import { Clients, WORKSPACE } from "./clients";
import { costCounts } from "./cost-invariants";
import { MINUTE, SECOND } from "./durations";
import type { Interleaver } from "./interleaver";
import { checkInvariants, type Observations, type Violation } from "./invariants";
import type { World } from "./ports";
import { Random } from "./random";
import { Stage } from "./stage";
import { storeDefinitions } from "./stored-definitions";
import { drawWeather } from "./weather";

/**
 * A store to simulate against, and how to read everything it holds once the schedule is over: the memory
 * store itself, or one wrapped to break a promise on purpose.
 */
export interface StoreUnderTest {
  store: RunsStore;
  dump(): MemoryRunsDump;
}

export interface ScheduleResult {
  seed: number;
  violations: Violation[];
  observations: Observations;
  /** The store's runs and journals, for printing a failing run's events. */
  dump: MemoryRunsDump;
  counts: Record<string, number>;
}

/** The sweeper's cron. */
const SWEEP_EVERY_MS = MINUTE;
const MAX_TICKS = 3000;
// Enough for a map whose items each wait out an approval's reminders, escalation and deadline, one after the other.
const MAX_DRAIN_ROUNDS = 200;
const MAX_DRAIN_MOVES = 20_000;
/** Each drain round moves time on by at least this: past every lease's sweep bucket and the sweep's grace. */
const DRAIN_STEP_MS = 10 * MINUTE;

export interface ScheduleOptions {
  /** Told every move and every port call, to follow a replayed seed. */
  trace?: (line: string) => void;
}

export async function runSchedule(
  seed: number,
  storeUnderTest: StoreUnderTest,
  options: ScheduleOptions = {},
): Promise<ScheduleResult> {
  return new Schedule(seed, storeUnderTest, options.trace).run();
}

class Schedule {
  private readonly random: Random;
  private readonly stage: Stage;
  private readonly clock: ManualClock;
  private readonly inter: Interleaver;
  private readonly world: World;
  private requestsLeft: number;
  private nextSweepAtMs: number;
  private readonly clients: Clients;

  constructor(
    private readonly seed: number,
    private readonly storeUnderTest: StoreUnderTest,
    trace: (line: string) => void = () => {},
  ) {
    const random = new Random(seed);
    this.random = random;
    const weather = drawWeather(random);
    this.requestsLeft = random.between(2, 8);
    this.stage = new Stage(random, weather, storeUnderTest.store, trace);
    this.clock = this.stage.clock;
    this.inter = this.stage.inter;
    this.world = this.stage.world;
    this.clients = new Clients(this.world, random, this.stage.request);
    this.nextSweepAtMs = this.clock.nowMs() + SWEEP_EVERY_MS;
  }

  async run(): Promise<ScheduleResult> {
    const { definitions, child } = await storeDefinitions(this.world, this.random);
    for (let i = this.random.between(1, 3); i > 0; i--) {
      await this.clients.create(this.random.pick(definitions));
    }
    await this.play(definitions);
    await this.drain();
    const dump = this.storeUnderTest.dump();
    const evidence = {
      dump,
      rolledUp: (await this.storeUnderTest.store.costRollups.allTime(WORKSPACE)).models,
      writes: this.world.writes,
      requests: this.world.http.requests,
      toolCalls: this.world.tools.calls,
      agentTranscripts: await agentTranscripts(dump, this.world.blobs),
      creations: this.clients.creations,
      // The invariants know every definition, the one sub-workflows run included.
      definitions: [...definitions, child],
    };
    const { violations, observations } = checkInvariants(evidence);
    return {
      seed: this.seed,
      violations: [...this.stage.unexpected, ...violations],
      observations,
      dump,
      counts: {
        ...this.stage.counts,
        ...prefixed("doorbells", this.world.queue.counts),
        ...prefixed("schedules", this.world.scheduler.counts),
        commits: this.world.writes.length,
        ...childRuns(dump),
        "http requests": this.world.http.requests.length,
        "agent tool calls": this.world.tools.calls.length,
        ...costCounts(evidence),
      },
    };
  }

  /** The schedule proper: chaos on, until nothing is left to do or the move budget is spent. */
  private async play(definitions: readonly StoredWorkflowDefinition[]): Promise<void> {
    for (let tick = 0; tick < MAX_TICKS; tick++) {
      // A cron: after a jump in time it runs once, not once for every minute jumped over.
      if (this.clock.nowMs() >= this.nextSweepAtMs) {
        this.nextSweepAtMs = this.clock.nowMs() + SWEEP_EVERY_MS;
        await this.stage.sweep();
      }
      const move = this.random.weighted({
        open: this.inter.openable > 0 ? 10 : 0,
        deliver: this.world.queue.hasDue() ? 4 : 0,
        fire: this.world.scheduler.hasDue() ? 2 : 0,
        request: this.requestsLeft > 0 && this.inter.liveActors("api") < 2 ? 1 : 0,
        time: 1,
      });
      if (move === "open") await this.inter.openOne(this.random);
      else if (move === "deliver") await this.stage.deliver();
      else if (move === "fire") this.stage.fire();
      else if (move === "request") {
        this.requestsLeft -= 1;
        await this.clients.request(definitions);
      } else if (!this.passTime()) return;
    }
    this.stage.count("move budget spent");
  }

  /**
   * Moves the clock: a little while anything is in flight (sometimes past a lease, so that a worker may
   * find its step taken over); when all is still, on to the next timer. False when nothing is left at all.
   */
  private passTime(): boolean {
    const busy = !this.inter.idle || this.world.queue.hasDue() || this.world.scheduler.hasDue();
    if (busy || this.requestsLeft > 0) {
      this.clock.advance(this.random.pick([200, SECOND, 5 * SECOND, this.stage.weather.leaseMs + 1]));
      return true;
    }
    const next = this.stage.nextTimerAtMs();
    if (next === undefined) return false;
    this.clock.advance(Math.max(0, next - this.clock.nowMs()));
    return true;
  }

  /**
   * Calm: no faults, no lost or late messages. Everything due is delivered; then time jumps past every
   * run's next due moment (and every lease's sweep bucket) and the sweeper rings what is overdue; until
   * a sweep finds nothing and nothing is in flight.
   */
  private async drain(): Promise<void> {
    this.stage.calm();
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
      if (!(await this.settleAll())) return;
      const next = this.stage.nextTimerAtMs();
      if (next !== undefined) {
        this.clock.advance(Math.max(0, next - this.clock.nowMs()));
        continue;
      }
      const latestDue = await this.latestDueMs();
      const progress = this.progress();
      this.clock.advance(Math.max(DRAIN_STEP_MS, latestDue + SWEEP_GRACE_MS + 1 - this.clock.nowMs()));
      const swept = await this.stage.sweep();
      if (!(await this.settleAll())) return;
      if (this.stage.nextTimerAtMs() !== undefined) continue;
      // Runs waiting for a full slot look again now and then, and record nothing while it stays full.
      if (swept.rung === 0 || this.progress() === progress) return;
    }
    this.stage.unexpected.push({
      invariant: "no run lost",
      runId: null,
      detail: `the drain did not settle in ${MAX_DRAIN_ROUNDS} rounds`,
    });
  }

  /** What the runs have recorded so far: unchanged by a round, nothing moved but the looks of waiting runs. */
  private progress(): string {
    return JSON.stringify(this.storeUnderTest.dump().runs.map(({ run }) => [run.id, run.eventSeq]));
  }

  /** Over every run, child runs (which lists leave out) included. */
  private async latestDueMs(): Promise<number> {
    const due = this.storeUnderTest
      .dump()
      .runs.map(({ run }) => run)
      .filter((run) => !FINAL_RUN_STATUSES.includes(run.status))
      .map((run) => sweepDueAtMs(run) ?? 0);
    return Math.max(0, ...due);
  }

  /**
   * Opens gates and delivers due messages until every actor has finished and nothing is due; false (and a
   * violation) when that does not happen within the bound, as when a worker keeps losing the same race.
   */
  private async settleAll(): Promise<boolean> {
    if (await this.stage.settle(MAX_DRAIN_MOVES)) return true;
    this.stage.unexpected.push({
      invariant: "no run lost",
      runId: null,
      detail: `still busy after ${MAX_DRAIN_MOVES} moves of the drain`,
    });
    return false;
  }
}

/** Child runs by kind and how they ended: the parallel, map and sub_workflow steps the schedule played. */
function childRuns(dump: MemoryRunsDump): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { run } of dump.runs) {
    if (!run.parent) continue;
    const key = `${run.parent.kind} runs ${run.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

function prefixed(prefix: string, counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([what, n]) => [`${prefix} ${what}`, n]));
}

/** A run's events in order, for a report. */
export function eventsOf(dump: MemoryRunsDump, runId: string): StoredEvent[] {
  return dump.runs.find(({ run }) => run.id === runId)?.history.events ?? [];
}
