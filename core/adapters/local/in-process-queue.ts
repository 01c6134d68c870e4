import { type EngineMessage, messagePriority } from "../../domain/run-messages";
import type { Logger } from "../../ports/logger";
import type { Queue } from "../../ports/queue";
import { FairReadyQueue } from "./fair-ready-queue";

/**
 * The step queue of the local service: delayed delivery by timers, at most `concurrency` messages handled at
 * once. Doorbells for a run already queued are coalesced, and one that rings while its run is being handled
 * is kept for afterwards, so duplicates cost nothing. Due messages wait for a slot in fair order
 * (FairReadyQueue): workspaces take turns, and within one the higher priority goes first. A handler that
 * throws is retried with backoff, as SQS would redeliver; messages held in memory are lost with the
 * process, which the start-up sweep makes good.
 */
export interface InProcessQueueOptions<M = EngineMessage> {
  concurrency: number;
  log: Logger;
  /** Attempts per message before it is given up to the sweeper (SQS's maxReceiveCount). */
  maxAttempts?: number;
  /** Messages with the same key are coalesced; by default a run's doorbells (`<workspace>/<run>`). */
  keyOf?: (message: M) => string;
  /** Whose turn a message waits in: by default its workspace. */
  laneOf?: (message: M) => string;
  /** Its priority in its lane, 0–9, higher first: by default a doorbell's own (messagePriority). */
  priorityOf?: (message: M) => number;
}

type Handler<M> = (message: M) => Promise<void>;
/** Told, for each message handed to the handler, how long it waited for a free slot once it was due. */
type WaitObserver = (waitedMs: number) => void;

export class InProcessQueue<M = EngineMessage> implements Queue<M> {
  private handler: Handler<M> | undefined;
  private observeWait: WaitObserver | undefined;
  private readonly ready = new FairReadyQueue<{ message: M; attempt: number; dueAtMs: number }>();
  private readonly queued = new Set<string>();
  private readonly inFlight = new Map<string, boolean>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];
  private stopped = false;

  private readonly keyOf: (message: M) => string;
  private readonly laneOf: (message: M) => string;
  private readonly priorityOf: (message: M) => number;

  // Without the functions M is EngineMessage (the default), whose functions these are.
  constructor(private readonly options: InProcessQueueOptions<M>) {
    this.keyOf = options.keyOf ?? ((message) => doorbellKey(message as EngineMessage));
    this.laneOf = options.laneOf ?? ((message) => (message as EngineMessage).workspaceId);
    this.priorityOf = options.priorityOf ?? ((message) => messagePriority(message as EngineMessage));
  }

  /** Starts delivering to the handler; messages sent before are held until then. */
  start(handler: Handler<M>, observeWait?: WaitObserver): void {
    this.handler = handler;
    this.observeWait = observeWait;
    this.pump();
  }

  async send(message: M, options: { delayMs?: number } = {}): Promise<void> {
    this.deliverLater(message, 1, options.delayMs ?? 0);
  }

  /** Resolves when nothing is queued, in flight, or waiting on a delay. */
  async idle(): Promise<void> {
    if (this.isIdle()) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops timers and intake, then waits for the messages in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ready.clear();
    this.queued.clear();
    await this.idle();
  }

  private deliverLater(message: M, attempt: number, delayMs: number): void {
    if (this.stopped) return;
    if (delayMs <= 0) {
      this.enqueue(message, attempt);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.enqueue(message, attempt);
    }, delayMs);
    this.timers.add(timer);
  }

  private enqueue(message: M, attempt: number): void {
    const key = this.keyOf(message);
    if (this.inFlight.has(key)) {
      this.inFlight.set(key, true);
      return;
    }
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.ready.push(this.laneOf(message), this.priorityOf(message), {
      message,
      attempt,
      dueAtMs: Date.now(),
    });
    this.pump();
  }

  private pump(): void {
    const handler = this.handler;
    while (handler && !this.stopped && this.inFlight.size < this.options.concurrency && this.ready.size > 0) {
      const next = this.ready.shift();
      if (!next) break;
      const key = this.keyOf(next.message);
      this.queued.delete(key);
      this.inFlight.set(key, false);
      this.observeWait?.(Date.now() - next.dueAtMs);
      void this.handle(handler, next.message, next.attempt, key);
    }
    if (this.isIdle()) this.notifyIdle();
  }

  private async handle(handler: Handler<M>, message: M, attempt: number, key: string): Promise<void> {
    try {
      await handler(message);
    } catch (error) {
      const maxAttempts = this.options.maxAttempts ?? 5;
      this.options.log.warn({ err: error, message, attempt }, "step message failed");
      if (attempt < maxAttempts)
        this.deliverLater(message, attempt + 1, Math.min(200 * 2 ** attempt, 10_000));
    }
    const rangAgain = this.inFlight.get(key);
    this.inFlight.delete(key);
    if (rangAgain) this.enqueue(message, 1);
    this.pump();
  }

  private isIdle(): boolean {
    return this.ready.size === 0 && this.inFlight.size === 0 && this.timers.size === 0;
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

function doorbellKey(message: EngineMessage): string {
  if (message.type === "trigger.fire")
    return `${message.workspaceId}/${message.triggerId}/${message.fireAt ?? "due"}`;
  return `${message.workspaceId}/${message.runId}`;
}
