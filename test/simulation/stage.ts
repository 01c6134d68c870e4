import { MemoryBlobStore } from "../../core/adapters/memory/blobs";
import { AppError } from "../../core/domain/errors";
import { type IdGenerator, type IdKind, IdPrefix } from "../../core/domain/ids";
import type { RunDoorbell } from "../../core/domain/run-messages";
import { createRunAdvancer } from "../../core/engine/advance-run";
import { createDefinitionCache, type DefinitionSteps } from "../../core/engine/definition-cache";
import { sweepOverdueRuns } from "../../core/engine/sweeper";
import type { RunsStore } from "../../core/ports/store";
import { createHandlerRegistry } from "../../core/steps/handlers/handler-registry";
import { createStepRunner } from "../../core/steps/step-runner";
import { ManualClock } from "../helpers/manual-clock";
import { ToolRecorder } from "./agent-tools";
import { CALM_QUEUE, ChaosQueue } from "./chaos-queue";
import { CALM_SCHEDULER, ChaosScheduler } from "./chaos-scheduler";
import type { SpawnRequest } from "./clients";
import { SECOND } from "./durations";
import { drawFault, type Fault, PortUnavailable } from "./faults";
import { HttpRecorder } from "./http-recorder";
import { type Actor, Interleaver } from "./interleaver";
import type { Violation } from "./invariants";
import { simulatedModels } from "./llm";
import { portsFor, type World } from "./ports";
import type { Random } from "./random";
import type { Weather } from "./weather";

/** How long SQS hides a message whose invocation failed or died before it is delivered again. */
const VISIBILITY_MS = 30 * SECOND;

/** The fault, if any, at an actor's port call as its gate opens. */
export type FaultAt = (actor: Actor, what: string) => Fault | undefined;

/** Ids numbered per kind: deterministic, and in creation order as the store expects of ULIDs. */
function countingIds(): IdGenerator {
  const counters = new Map<IdKind, number>();
  return (kind) => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return `${IdPrefix[kind]}_${String(n).padStart(6, "0")}`;
  };
}

/**
 * The world of one schedule under its weather, and the actors the schedule sets going in it: a worker given
 * a doorbell, the sweeper, an API request. Which to set going, and when, is the schedule's to choose.
 */
export class Stage {
  readonly clock = new ManualClock();
  readonly inter: Interleaver;
  readonly world: World;
  readonly unexpected: Violation[] = [];
  readonly counts: Record<string, number> = {};
  private readonly workers: { processId: string; definitions: DefinitionSteps }[];
  private faultsOn = true;
  private readonly doorbells = new Map<Actor, RunDoorbell>();
  private costIds = 0;
  private unitIds = 0;

  private readonly startMs = this.clock.nowMs();

  constructor(
    private readonly random: Random,
    readonly weather: Weather,
    store: RunsStore,
    private readonly trace: (line: string) => void,
    /** Where faults strike: by default drawn at the weather's rate, at any call of any actor. */
    faultAt: FaultAt = () => drawFault(random, weather.faultRate),
  ) {
    this.inter = new Interleaver({
      trace: (line) => this.trace(`${this.elapsed()} ${line}`),
      faultAt: (actor, what) => (this.faultsOn ? faultAt(actor, what) : undefined),
      onEnd: (actor, error) => this.ended(actor, error),
      onDeath: (actor, fault) => {
        this.count(`crash ${fault}`);
        this.redeliver(actor);
      },
    });
    const queue = new ChaosQueue(random, this.clock, weather.queue);
    this.world = {
      inter: this.inter,
      store,
      queue,
      scheduler: new ChaosScheduler(random, this.clock, queue, weather.scheduler),
      http: new HttpRecorder(random, weather.http),
      tools: new ToolRecorder(random, weather.http),
      blobs: new MemoryBlobStore(),
      clock: this.clock,
      random: () => random.next(),
      ids: countingIds(),
      writes: [],
    };
    this.workers = Array.from({ length: weather.workers }, (_, i) => ({
      processId: `w${i + 1}`,
      definitions: createDefinitionCache(store),
    }));
  }

  calm(): void {
    this.faultsOn = false;
    this.world.queue.chaos = CALM_QUEUE;
    this.world.scheduler.chaos = CALM_SCHEDULER;
  }

  nextTimerAtMs(): number | undefined {
    const times = [this.world.queue.nextAtMs(), this.world.scheduler.nextAtMs()].filter(
      (at): at is number => at !== undefined,
    );
    return times.length === 0 ? undefined : Math.min(...times);
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
    if (doorbell && this.random.chance(this.weather.redeliveryRate))
      this.world.queue.send(doorbell, VISIBILITY_MS);
  }

  async deliver(): Promise<void> {
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
          ports.store.definitions,
          simulatedModels(this.inter, actor, this.world, {
            costId: () => this.nextCostId(),
            unitId: () => this.nextUnitId(),
          }),
        ),
        definitionSteps: worker.definitions,
        processId: worker.processId,
        leaseMs: this.weather.leaseMs,
        stepsPerInvocation: this.weather.stepsPerInvocation,
      });
      return advance(doorbell);
    });
  }

  /** The names of agent units' transcript blobs: unique, as the ULIDs they stand for. */
  private nextUnitId(): string {
    this.unitIds += 1;
    return `u${String(this.unitIds).padStart(6, "0")}`;
  }

  /** Cost record ids, numbered like the other ids: unique and in order, as the ULIDs they stand for. */
  private nextCostId(): string {
    this.costIds += 1;
    return `cost_${String(this.costIds).padStart(6, "0")}`;
  }

  /**
   * Opens gates and delivers due doorbells and schedules until every actor has finished and nothing is due,
   * without time passing; false when that takes more than `maxMoves`.
   */
  async settle(maxMoves: number): Promise<boolean> {
    for (let moves = 0; moves < maxMoves; moves++) {
      if (this.inter.openable > 0) await this.inter.openOne(this.random);
      else if (this.world.queue.hasDue()) await this.deliver();
      else if (this.world.scheduler.hasDue()) this.fire();
      else return true;
    }
    return false;
  }

  fire(): void {
    this.trace(`${this.elapsed()} due schedules fire`);
    this.world.scheduler.fireDue();
  }

  /** Starts a sweep; how many runs it rang is known once it has finished. */
  async sweep(): Promise<{ rung: number }> {
    const swept = { rung: 0 };
    await this.inter.spawn("sweeper", "sweep", "sweeper", async (actor) => {
      swept.rung = await sweepOverdueRuns(portsFor(this.world, actor));
    });
    return swept;
  }

  readonly request: SpawnRequest = async (role, subject, op) => {
    this.count(role);
    this.trace(`${this.elapsed()} request: ${role} ${subject}`);
    await this.inter.spawn("api", role, `${role} ${subject}`, (actor) => op(portsFor(this.world, actor)));
  };

  private elapsed(): string {
    return `t+${((this.clock.nowMs() - this.startMs) / 1000).toFixed(1)}s`;
  }

  count(what: string): void {
    this.counts[what] = (this.counts[what] ?? 0) + 1;
  }
}
