/**
 * One schedule: a seed draws the weather (how often messages are lost, doubled or late, how often workers
 * die and where), a small workload, and then every move: which gate opens, which doorbell is delivered to
 * which worker, when time passes, when the sweeper runs and when an API request races the engine. Then a
 * calm drain (every doorbell delivered, time moved past every timer and lease, the sweeper run) and the
 * invariants, checked on what is left.
 */
import type { MemoryRunsDump } from "../../core/adapters/memory/runs-store";
import { AppError } from "../../core/domain/errors";
import { type IdGenerator, type IdKind, IdPrefix } from "../../core/domain/ids";
import type { StoredEvent } from "../../core/domain/run-change";
import { sweepDueAtMs } from "../../core/domain/run-due";
import type { RunDoorbell } from "../../core/domain/run-messages";
import { FINAL_RUN_STATUSES } from "../../core/domain/statuses";
import type { StepDefinition } from "../../core/domain/step";
import { isoAt } from "../../core/domain/time";
import type { StoredWorkflowDefinition } from "../../core/domain/workflow-definition-record";
import { createRunAdvancer } from "../../core/engine/advance-run";
import { createDefinitionCache, type DefinitionSteps } from "../../core/engine/definition-cache";
import { SWEEP_GRACE_MS, sweepOverdueRuns } from "../../core/engine/sweeper";
import type { RunsStore } from "../../core/ports/store";
import { createHandlerRegistry } from "../../core/steps/handlers/handler-registry";
import { createStepRunner } from "../../core/steps/step-runner";
import { ManualClock } from "../helpers/manual-clock";
import { CALM_QUEUE, ChaosQueue } from "./chaos-queue";
import { CALM_SCHEDULER, ChaosScheduler } from "./chaos-scheduler";
import { Clients, type SpawnRequest, WORKSPACE } from "./clients";
import { costCounts } from "./cost-invariants";
import { drawFault, PortUnavailable } from "./faults";
import { HttpRecorder } from "./http-recorder";
import { type Actor, Interleaver } from "./interleaver";
import { checkInvariants, type Observations, type Violation } from "./invariants";
import { simulatedLlm } from "./llm";
import { portsFor, type World } from "./ports";
import { Random } from "./random";
import { concurrencySetting, definitionSteps, nextVersion } from "./workload";

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

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The sweeper's cron. */
const SWEEP_EVERY_MS = MINUTE;
/** How long SQS hides a message whose invocation failed or died before it is delivered again. */
const VISIBILITY_MS = 30 * SECOND;
const MAX_TICKS = 3000;
// Enough for a map whose items each wait out an approval's reminders, escalation and deadline, one after the other.
const MAX_DRAIN_ROUNDS = 200;
const MAX_DRAIN_MOVES = 20_000;
/** Each drain round moves time on by at least this: past every lease's sweep bucket and the sweep's grace. */
const DRAIN_STEP_MS = 10 * MINUTE;

/** Ids numbered per kind: deterministic, and in creation order as the store expects of ULIDs. */
function countingIds(): IdGenerator {
  const counters = new Map<IdKind, number>();
  return (kind) => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return `${IdPrefix[kind]}_${String(n).padStart(6, "0")}`;
  };
}

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
  private readonly clock = new ManualClock();
  private readonly inter: Interleaver;
  private readonly world: World;
  private readonly workers: { processId: string; definitions: DefinitionSteps }[];
  private readonly leaseMs: number;
  private readonly stepsPerInvocation: number;
  private readonly faultRate: number;
  private readonly redeliveryRate: number;
  private faultsOn = true;
  private requestsLeft: number;
  private nextSweepAtMs: number;
  private readonly doorbells = new Map<Actor, RunDoorbell>();
  private readonly clients: Clients;
  private readonly unexpected: Violation[] = [];
  private readonly counts: Record<string, number> = {};
  /** The definition sub_workflow steps run; runs are not started on it directly. */
  private childDefinition: StoredWorkflowDefinition | undefined;

  private readonly startMs = this.clock.nowMs();

  constructor(
    private readonly seed: number,
    private readonly storeUnderTest: StoreUnderTest,
    private readonly trace: (line: string) => void = () => {},
  ) {
    const random = new Random(seed);
    this.random = random;
    this.inter = new Interleaver({
      trace: (line) => this.trace(`${this.elapsed()} ${line}`),
      faultAt: () => (this.faultsOn ? drawFault(random, this.faultRate) : undefined),
      onEnd: (actor, error) => this.ended(actor, error),
      onDeath: (actor, fault) => {
        this.count(`crash ${fault}`);
        this.redeliver(actor);
      },
    });
    const queue = new ChaosQueue(random, this.clock, {
      lossRate: random.pick([0, 0.05, 0.2]),
      duplicateRate: random.pick([0.1, 0.3, 0.6]),
      lateRate: random.pick([0, 0.2]),
      maxLateMs: 30 * SECOND,
    });
    const scheduler = new ChaosScheduler(random, this.clock, queue, {
      lossRate: random.pick([0, 0.05]),
      doubleRate: random.pick([0, 0.2]),
      maxLateMs: random.pick([0, 90 * SECOND]),
    });
    const http = new HttpRecorder(random, {
      serverErrorRate: random.pick([0, 0.2]),
      failureRate: random.pick([0, 0.1]),
    });
    this.world = {
      inter: this.inter,
      store: storeUnderTest.store,
      queue,
      scheduler,
      http,
      clock: this.clock,
      ids: countingIds(),
      writes: [],
    };
    this.workers = Array.from({ length: random.between(2, 3) }, (_, i) => ({
      processId: `w${i + 1}`,
      definitions: createDefinitionCache(storeUnderTest.store),
    }));
    this.leaseMs = random.pick([5 * SECOND, 20 * SECOND, MINUTE]);
    this.stepsPerInvocation = random.pick([1, 3, 50]);
    this.faultRate = random.pick([0, 0.02, 0.05, 0.1]);
    this.redeliveryRate = random.pick([0.5, 1]);
    this.requestsLeft = random.between(2, 8);
    this.clients = new Clients(this.world, random, this.request);
    this.nextSweepAtMs = this.clock.nowMs() + SWEEP_EVERY_MS;
  }

  private costIds = 0;

  async run(): Promise<ScheduleResult> {
    const definitions = await this.define();
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
      creations: this.clients.creations,
      // The invariants know every definition, the one sub-workflows run included.
      definitions: [...definitions, ...(this.childDefinition ? [this.childDefinition] : [])],
    };
    const { violations, observations } = checkInvariants(evidence);
    return {
      seed: this.seed,
      violations: [...this.unexpected, ...violations],
      observations,
      dump,
      counts: {
        ...this.counts,
        ...prefixed("doorbells", this.world.queue.counts),
        ...prefixed("schedules", this.world.scheduler.counts),
        commits: this.world.writes.length,
        ...childRuns(dump),
        "http requests": this.world.http.requests.length,
        ...costCounts(evidence),
      },
    };
  }

  /** One or two definitions to start runs of, and the one their sub_workflow steps run. */
  private async define(): Promise<StoredWorkflowDefinition[]> {
    const child = await this.store("sim-child", definitionSteps(this.random));
    this.childDefinition = child;
    const definitions: StoredWorkflowDefinition[] = [];
    for (let i = this.random.between(1, 2); i > 0; i--) {
      const definition = await this.store(
        `sim-${i}`,
        definitionSteps(this.random, { childDefinitionId: child.id }),
        concurrencySetting(this.random),
      );
      definitions.push(definition);
      if (this.random.chance(0.75)) {
        const version: StoredWorkflowDefinition = {
          ...definition,
          id: this.world.ids("definition"),
          version: "2",
          stepsJson: nextVersion(this.random, definition.stepsJson),
        };
        await this.world.store.definitions.create(version);
        definitions.push(version);
      }
    }
    return definitions;
  }

  private async store(
    name: string,
    stepsJson: StepDefinition[],
    settings: Pick<StoredWorkflowDefinition, "concurrency"> = {},
  ): Promise<StoredWorkflowDefinition> {
    const now = isoAt(this.clock.nowMs());
    const definition: StoredWorkflowDefinition = {
      id: this.world.ids("definition"),
      workspaceId: WORKSPACE,
      name,
      version: "1",
      description: null,
      stepsJson,
      createdAt: now,
      updatedAt: now,
      ...settings,
    };
    await this.world.store.definitions.create(definition);
    return definition;
  }

  /** The schedule proper: chaos on, until nothing is left to do or the move budget is spent. */
  private async play(definitions: readonly StoredWorkflowDefinition[]): Promise<void> {
    for (let tick = 0; tick < MAX_TICKS; tick++) {
      // A cron: after a jump in time it runs once, not once for every minute jumped over.
      if (this.clock.nowMs() >= this.nextSweepAtMs) {
        this.nextSweepAtMs = this.clock.nowMs() + SWEEP_EVERY_MS;
        await this.sweep();
      }
      const move = this.random.weighted({
        open: this.inter.openable > 0 ? 10 : 0,
        deliver: this.world.queue.hasDue() ? 4 : 0,
        fire: this.world.scheduler.hasDue() ? 2 : 0,
        request: this.requestsLeft > 0 && this.inter.liveActors("api") < 2 ? 1 : 0,
        time: 1,
      });
      if (move === "open") await this.inter.openOne(this.random);
      else if (move === "deliver") await this.deliver();
      else if (move === "fire") this.fire();
      else if (move === "request") {
        this.requestsLeft -= 1;
        await this.clients.request(definitions);
      } else if (!this.passTime()) return;
    }
    this.count("move budget spent");
  }

  /**
   * Moves the clock: a little while anything is in flight (sometimes past a lease, so that a worker may
   * find its step taken over); when all is still, on to the next timer. False when nothing is left at all.
   */
  private passTime(): boolean {
    const busy = !this.inter.idle || this.world.queue.hasDue() || this.world.scheduler.hasDue();
    if (busy || this.requestsLeft > 0) {
      this.clock.advance(this.random.pick([200, SECOND, 5 * SECOND, this.leaseMs + 1]));
      return true;
    }
    const next = this.nextTimerAtMs();
    if (next === undefined) return false;
    this.clock.advance(Math.max(0, next - this.clock.nowMs()));
    return true;
  }

  private nextTimerAtMs(): number | undefined {
    const times = [this.world.queue.nextAtMs(), this.world.scheduler.nextAtMs()].filter(
      (at): at is number => at !== undefined,
    );
    return times.length === 0 ? undefined : Math.min(...times);
  }

  /**
   * Calm: no faults, no lost or late messages. Everything due is delivered; then time jumps past every
   * run's next due moment (and every lease's sweep bucket) and the sweeper rings what is overdue; until
   * a sweep finds nothing and nothing is in flight.
   */
  private async drain(): Promise<void> {
    this.faultsOn = false;
    this.world.queue.chaos = CALM_QUEUE;
    this.world.scheduler.chaos = CALM_SCHEDULER;
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
      if (!(await this.settleAll())) return;
      const next = this.nextTimerAtMs();
      if (next !== undefined) {
        this.clock.advance(Math.max(0, next - this.clock.nowMs()));
        continue;
      }
      const latestDue = await this.latestDueMs();
      const progress = this.progress();
      this.clock.advance(Math.max(DRAIN_STEP_MS, latestDue + SWEEP_GRACE_MS + 1 - this.clock.nowMs()));
      const swept = await this.sweep();
      if (!(await this.settleAll())) return;
      if (this.nextTimerAtMs() !== undefined) continue;
      // Runs waiting for a full slot look again now and then, and record nothing while it stays full.
      if (swept.rung === 0 || this.progress() === progress) return;
    }
    this.unexpected.push({
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
    for (let moves = 0; moves < MAX_DRAIN_MOVES; moves++) {
      if (this.inter.openable > 0) await this.inter.openOne(this.random);
      else if (this.world.queue.hasDue()) await this.deliver();
      else if (this.world.scheduler.hasDue()) this.fire();
      else return true;
    }
    this.unexpected.push({
      invariant: "no run lost",
      runId: null,
      detail: `still busy after ${MAX_DRAIN_MOVES} moves of the drain`,
    });
    return false;
  }

  private ended(actor: Actor, error: unknown): void {
    if (error === undefined) return;
    this.trace(
      `${this.elapsed()} ${actor.name} threw ${error instanceof Error ? error.message : String(error)}`,
    );
    if (error instanceof PortUnavailable) this.count("unavailable");
    else if (!(actor.kind === "api" && error instanceof AppError)) {
      this.unexpected.push({
        invariant: "no unexpected error",
        runId: this.doorbells.get(actor)?.runId ?? null,
        detail: `${actor.name} threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      });
    }
    this.redeliver(actor);
  }

  /** SQS hands a doorbell whose invocation failed or died to a worker again, unless it gives up on it. */
  private redeliver(actor: Actor): void {
    const doorbell = this.doorbells.get(actor);
    if (doorbell && this.random.chance(this.redeliveryRate)) this.world.queue.send(doorbell, VISIBILITY_MS);
  }

  private async deliver(): Promise<void> {
    const doorbell = this.world.queue.takeDue();
    if (!doorbell) return;
    const worker = this.random.pick(this.workers);
    this.trace(`${this.elapsed()} doorbell for ${doorbell.runId} to ${worker.processId}`);
    await this.inter.spawn("worker", "advance", `${worker.processId} advance ${doorbell.runId}`, (actor) => {
      this.doorbells.set(actor, doorbell);
      const ports = portsFor(this.world, actor);
      const advance = createRunAdvancer({
        deps: ports,
        steps: createStepRunner(
          createHandlerRegistry({ http: ports.http }),
          simulatedLlm(this.inter, actor, () => this.nextCostId(), this.clock),
        ),
        definitionSteps: worker.definitions,
        processId: worker.processId,
        leaseMs: this.leaseMs,
        stepsPerInvocation: this.stepsPerInvocation,
      });
      return advance(doorbell);
    });
  }

  /** Cost record ids, numbered like the other ids: unique and in order, as the ULIDs they stand for. */
  private nextCostId(): string {
    this.costIds += 1;
    return `cost_${String(this.costIds).padStart(6, "0")}`;
  }

  private fire(): void {
    this.trace(`${this.elapsed()} due schedules fire`);
    this.world.scheduler.fireDue();
  }

  /** Starts a sweep; how many runs it rang is known once it has finished. */
  private async sweep(): Promise<{ rung: number }> {
    const swept = { rung: 0 };
    await this.inter.spawn("sweeper", "sweep", "sweeper", async (actor) => {
      swept.rung = await sweepOverdueRuns(portsFor(this.world, actor));
    });
    return swept;
  }

  private readonly request: SpawnRequest = async (role, subject, op) => {
    this.count(role);
    this.trace(`${this.elapsed()} request: ${role} ${subject}`);
    await this.inter.spawn("api", role, `${role} ${subject}`, (actor) => op(portsFor(this.world, actor)));
  };

  private elapsed(): string {
    return `t+${((this.clock.nowMs() - this.startMs) / 1000).toFixed(1)}s`;
  }

  private count(what: string): void {
    this.counts[what] = (this.counts[what] ?? 0) + 1;
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
