/** The highest priority a message may have; priorities run 0 to this, higher first. */
const TOP_PRIORITY = 9;

/**
 * The messages that are due, waiting for a free slot, in the order that shares the slots fairly: the
 * lanes (workspaces) take turns, one message each, and within a lane the highest priority goes first,
 * then the oldest. A lane with 10,000 messages waiting therefore holds back another lane's message by at
 * most one message per other waiting lane, never by its own backlog.
 */
export class FairReadyQueue<T> {
  private readonly lanes = new Map<string, Lane<T>>();
  /** The lanes with messages waiting, in turn order: the next to be served first. */
  private readonly turns = new Fifo<string>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(lane: string, priority: number, item: T): void {
    let waiting = this.lanes.get(lane);
    if (!waiting) {
      waiting = new Lane<T>();
      this.lanes.set(lane, waiting);
      this.turns.push(lane);
    }
    waiting.push(priority, item);
    this.count += 1;
  }

  /** The next message: the first in the lane whose turn it is; that lane then goes to the back. */
  shift(): T | undefined {
    const lane = this.turns.shift();
    if (lane === undefined) return undefined;
    const waiting = this.lanes.get(lane) as Lane<T>;
    const item = waiting.shift();
    this.count -= 1;
    if (waiting.size > 0) this.turns.push(lane);
    else this.lanes.delete(lane);
    return item;
  }

  clear(): void {
    this.lanes.clear();
    this.turns.clear();
    this.count = 0;
  }
}

/** One lane's messages, a FIFO per priority. */
class Lane<T> {
  private readonly byPriority: Fifo<T>[] = Array.from({ length: TOP_PRIORITY + 1 }, () => new Fifo<T>());
  size = 0;

  push(priority: number, item: T): void {
    const level = Math.min(TOP_PRIORITY, Math.max(0, Math.trunc(priority)));
    (this.byPriority[level] as Fifo<T>).push(item);
    this.size += 1;
  }

  shift(): T | undefined {
    for (let level = TOP_PRIORITY; level >= 0; level--) {
      const fifo = this.byPriority[level] as Fifo<T>;
      if (fifo.size === 0) continue;
      this.size -= 1;
      return fifo.shift();
    }
    return undefined;
  }
}

/** A first-in first-out list whose shift is O(1) (Array#shift moves every element: 10,000 waiting is slow). */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head] as T;
    this.head += 1;
    // Drop the consumed front now and then, so a long-lived list does not keep it.
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
  }
}
