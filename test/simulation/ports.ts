/**
 * The ports one actor sees: the shared store, queue, scheduler and outside world, each call going through
 * the actor's gate. The store's accepted writes are recorded here, on their way back, because only here is
 * it known both that a write was applied and who wrote it, even when its answer is then lost.
 */
import { silentLogger } from "../../core/adapters/log/pino-logger";
import { readAll } from "../../core/adapters/memory/calls";
import type { IdGenerator } from "../../core/domain/ids";
import type { CommitDeps } from "../../core/engine/commit-run";
import type { BlobStore } from "../../core/ports/blob-store";
import type { Deps } from "../../core/ports/deps";
import type { OutboundHttp } from "../../core/ports/http";
import type { RandomSource } from "../../core/ports/random";
import type { RunChange, RunsStore } from "../../core/ports/store";
import { noTelemetry } from "../../core/ports/telemetry";
import type { ManualClock } from "../helpers/manual-clock";
import type { ToolRecorder } from "./agent-tools";
import type { ChaosQueue } from "./chaos-queue";
import type { ChaosScheduler } from "./chaos-scheduler";
import { changeWrite, creationWrite, type Write } from "./history";
import type { HttpRecorder } from "./http-recorder";
import type { Actor, Interleaver } from "./interleaver";

export interface World {
  inter: Interleaver;
  store: RunsStore;
  queue: ChaosQueue;
  scheduler: ChaosScheduler;
  http: HttpRecorder;
  /** The agent steps' tool, and where their transcripts lie. */
  tools: ToolRecorder;
  blobs: BlobStore;
  clock: ManualClock;
  /** Drawn from the schedule's seed: the core's jitter replays with it. */
  random: RandomSource;
  ids: IdGenerator;
  writes: Write[];
}

export type ActorPorts = CommitDeps & Pick<Deps, "ids"> & { http: OutboundHttp };

export function portsFor(world: World, actor: Actor): ActorPorts {
  const { inter, store: raw } = world;
  const read = <T>(what: string, op: () => Promise<T>) => inter.call(actor, what, op, true);
  // A sweep pass is one read: the memory store answers it at once.
  const readPass = async function* <T>(what: string, pass: () => AsyncIterable<T>) {
    yield* await read(what, () => readAll(pass()));
  };
  const recorded = (change: RunChange) => world.writes.push(changeWrite(change, inter.time, actor));

  const store: RunsStore = {
    // The engine writes cost records and rollups only within its commits (runs.commit); these it never calls.
    costs: raw.costs,
    costRollups: raw.costRollups,
    // The engine never touches triggers; the simulation has none.
    triggers: raw.triggers,
    webhooks: {
      subscribed: (workspaceId, events) =>
        read("webhooks.subscribed", () => raw.webhooks.subscribed(workspaceId, events)),
    },
    definitions: {
      create: (definition) => read("definitions.create", () => raw.definitions.create(definition)),
      get: (workspaceId, id) => read("definitions.get", () => raw.definitions.get(workspaceId, id)),
      list: (workspaceId) => read("definitions.list", () => raw.definitions.list(workspaceId)),
      latest: (workspaceId, name, version) =>
        read("definitions.latest", () => raw.definitions.latest(workspaceId, name, version)),
      page: (workspaceId, page) => read("definitions.page", () => raw.definitions.page(workspaceId, page)),
    },
    approvals: {
      get: (workspaceId, id, run) => read("approvals.get", () => raw.approvals.get(workspaceId, id, run)),
      stored: (workspaceId, id) => read("approvals.stored", () => raw.approvals.stored(workspaceId, id)),
      list: (workspaceId, pending) => read("approvals.list", () => raw.approvals.list(workspaceId, pending)),
      page: (workspaceId, pending, page, pageSize) =>
        read("approvals.page", () => raw.approvals.page(workspaceId, pending, page, pageSize)),
      createdBetween: (workspaceId, from, to, max) =>
        read("approvals.createdBetween", () => raw.approvals.createdBetween(workspaceId, from, to, max)),
    },
    runs: {
      get: (workspaceId, runId) => read("runs.get", () => raw.runs.get(workspaceId, runId)),
      commit: (change) =>
        read("runs.commit", async () => {
          const outcome = await raw.runs.commit(change);
          if (outcome.kind === "committed") recorded(change);
          return outcome;
        }),
      create: (creation) =>
        read("runs.create", async () => {
          let superseding: RunChange[] = [];
          const outcome = await raw.runs.create({
            ...creation,
            supersede: async () => {
              superseding = await creation.supersede();
              return superseding;
            },
          });
          if (outcome.kind === "created") {
            world.writes.push(creationWrite(outcome.run, inter.time, actor));
            for (const change of superseding) recorded(change);
          }
          return outcome;
        }),
      number: (run) => read("runs.number", () => raw.runs.number(run)),
      giveUpNumbers: (run, numbers) => read("runs.giveUpNumbers", () => raw.runs.giveUpNumbers(run, numbers)),
      runIdForIdempotencyKey: (workspaceId, key) =>
        read("runs.runIdForIdempotencyKey", () => raw.runs.runIdForIdempotencyKey(workspaceId, key)),
      debounceWindow: (workspaceId, scope) =>
        read("runs.debounceWindow", () => raw.runs.debounceWindow(workspaceId, scope)),
      list: (workspaceId, filters, page, size) =>
        read("runs.list", () => raw.runs.list(workspaceId, filters, page, size)),
      liveWithSupersessionKey: (workspaceId, key) =>
        read("runs.liveWithSupersessionKey", () => raw.runs.liveWithSupersessionKey(workspaceId, key)),
      stepRuns: (run) => read("runs.stepRuns", () => raw.runs.stepRuns(run)),
      events: (run, from, to) => read("runs.events", () => raw.runs.events(run, from, to)),
      overdue: (dueBy) => readPass("runs.overdue", () => raw.runs.overdue(dueBy)),
      slot: (workspaceId, key, first) => read("runs.slot", () => raw.runs.slot(workspaceId, key, first)),
      throttle: (workspaceId, key) => read("runs.throttle", () => raw.runs.throttle(workspaceId, key)),
      stepsCounted: (workspaceId, counterRunId) =>
        read("runs.stepsCounted", () => raw.runs.stepsCounted(workspaceId, counterRunId)),
    },
  };

  return {
    store,
    // A pause is over at once: between two port calls an actor runs alone, so whatever the pause would let
    // happen meanwhile (a racing creator's write) happens at the actor's next gate, in the seed's order.
    clock: { nowMs: () => world.clock.nowMs(), sleep: async () => {} },
    random: world.random,
    ids: world.ids,
    log: silentLogger,
    // The harness's world sends no mail: approval mail is the outbox's, as webhook deliveries are.
    mailer: undefined,
    telemetry: noTelemetry,
    queue: {
      send: (message, options) => {
        if (message.type !== "run.advance") throw new Error("the simulation has no triggers");
        return inter.call(actor, "queue.send", async () => world.queue.send(message, options?.delayMs));
      },
    },
    scheduler: {
      schedule: (name, atMs, doorbell) =>
        inter.call(actor, "scheduler.schedule", async () => world.scheduler.schedule(name, atMs, doorbell)),
      scheduleRecurring: () => {
        throw new Error("the simulation has no triggers");
      },
      cancel: (name) => inter.call(actor, "scheduler.cancel", async () => world.scheduler.cancel(name)),
    },
    // Dispatches are only a crash point here: webhooks are not simulated, their sweeper covers a lost one.
    runEventQueue: { send: () => inter.call(actor, "webhooks.send", async () => {}) },
    http: {
      request: (request) =>
        inter.call(actor, "http.request", async () =>
          world.http.request(request, {
            actor: actor.name,
            at: inter.time,
            decidedAt: actor.lastStoreAnswerAt,
          }),
        ),
    },
  };
}
