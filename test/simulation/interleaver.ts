/**
 * Deterministic concurrency. Every actor (a worker invocation, an API request, a sweep) is ordinary async
 * code, but each call it makes to a port parks it at a gate; only the simulation opens gates, one at a
 * time, in the order the seed chooses, and waits until every actor is parked again or finished before it
 * chooses the next. Between two gates an actor runs alone, so a schedule is a sequence of port calls that
 * the seed fixes, and replays exactly.
 *
 * A gate is also where faults strike (faults.ts): a dead actor's call never settles, so none of its later
 * code runs.
 */
import { type Fault, PortUnavailable } from "./faults";
import type { Random } from "./random";

export type ActorKind = "worker" | "api" | "sweeper";

/** The core's pauses go through the actors' clock, over at once here; an actor still waiting this long hangs. */
const MAX_REAL_WAITS = 5000;

export interface Actor {
  readonly kind: ActorKind;
  /** What it does: "advance", "sweep", or the API operation ("resume", "retry"…). */
  readonly role: string;
  /** For reports: "w2 advance run_3", "resume run_1". */
  readonly name: string;
  state: "running" | "parked" | "done" | "dead";
  /** Crashed right after its last call returned: it dies when it makes the next one. */
  doomed: boolean;
  /** The position of its last store answer in the schedule's history: what its next decision rests on. */
  lastStoreAnswerAt: number;
}

interface Gate {
  actor: Actor;
  /** The port call the actor is parked before. */
  what: string;
  open: () => void;
}

export interface InterleaverOptions {
  /** Asked when a gate opens, for the actor's `what` port call; undefined: the call goes through. */
  faultAt(actor: Actor, what: string): Fault | undefined;
  onEnd(actor: Actor, error: unknown): void;
  onDeath(actor: Actor, fault: Fault): void;
  /** Told every call that goes through and every death, for replaying a seed by eye. */
  trace?(line: string): void;
}

export class Interleaver {
  private gates: Gate[] = [];
  private readonly live = new Set<Actor>();
  /** Counts port calls that went through: a total order of everything that happened in the schedule. */
  time = 0;

  constructor(private readonly options: InterleaverOptions) {}

  get idle(): boolean {
    return this.live.size === 0;
  }

  get openable(): number {
    return this.gates.length;
  }

  /** The actors parked before a `what` port call (a worker about to send a step's request). */
  parkedAt(what: string): Actor[] {
    return this.gates.filter((gate) => gate.what === what).map((gate) => gate.actor);
  }

  liveActors(kind: ActorKind): number {
    let count = 0;
    for (const actor of this.live) if (actor.kind === kind) count += 1;
    return count;
  }

  async spawn(
    kind: ActorKind,
    role: string,
    name: string,
    body: (actor: Actor) => Promise<unknown>,
  ): Promise<void> {
    const actor: Actor = {
      kind,
      role,
      name,
      state: "running",
      doomed: false,
      lastStoreAnswerAt: 0,
    };
    this.live.add(actor);
    body(actor).then(
      () => this.end(actor, undefined),
      (error: unknown) => this.end(actor, error),
    );
    await this.settle();
  }

  /** Opens one gate, chosen by `random`, and lets everything run until all actors are parked or finished. */
  async openOne(random: Random): Promise<void> {
    const [gate] = this.gates.splice(random.int(this.gates.length), 1);
    if (!gate) return;
    gate.actor.state = "running";
    gate.open();
    await this.settle();
  }

  /**
   * A port call of `actor`: parks it until the simulation opens its gate, then applies `op` unless the
   * actor dies there. `store` marks calls whose answer the actor's next decisions rest on.
   */
  async call<T>(actor: Actor, what: string, op: () => Promise<T>, store = false): Promise<T> {
    if (actor.state === "dead") return never();
    await new Promise<void>((open) => {
      actor.state = "parked";
      this.gates.push({ actor, what, open });
    });
    if (actor.doomed) return this.kill(actor, "crash-after", what);
    const fault = this.options.faultAt(actor, what);
    if (fault === "crash-before") return this.kill(actor, fault, what);
    if (fault === "unavailable") throw new PortUnavailable(what);
    this.time += 1;
    this.options.trace?.(`#${this.time} ${actor.name}: ${what}${fault ? ` (${fault})` : ""}`);
    const result = await op();
    if (fault === "lost-response") return this.kill(actor, fault, what);
    if (fault === "crash-after") actor.doomed = true;
    if (store) actor.lastStoreAnswerAt = this.time;
    return result;
  }

  private kill(actor: Actor, fault: Fault, what: string): Promise<never> {
    actor.state = "dead";
    this.live.delete(actor);
    this.options.trace?.(`${actor.name} dies at ${what} (${fault})`);
    this.options.onDeath(actor, fault);
    return never();
  }

  private end(actor: Actor, error: unknown): void {
    if (actor.state === "dead") return;
    actor.state = "done";
    this.live.delete(actor);
    this.options.onEnd(actor, error);
  }

  /**
   * Lets every microtask run; an actor that is then neither parked nor finished is waiting on something
   * real (a timer outside the clock port), and nothing else may move until it is back at a gate.
   */
  private async settle(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let waited = 0; ; waited++) {
      const running = [...this.live].find((actor) => actor.state === "running");
      if (!running) return;
      if (waited === MAX_REAL_WAITS) throw new Error(`${running.name} waits on something that is no port`);
      await new Promise<void>((resolve) => setTimeout(resolve, 1));
    }
  }
}

/** A fresh promise per dead call, so that what awaited it is collected with it. */
function never(): Promise<never> {
  return new Promise<never>(() => {});
}
