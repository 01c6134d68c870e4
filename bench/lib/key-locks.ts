/**
 * Per-item locks: `run` holds every named item's lock while `fn` runs. Locks are taken in one global order
 * (sorted ids), so two requests touching the same items cannot wait on each other in a cycle.
 */
export class KeyLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(ids: readonly string[], fn: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const id of [...new Set(ids)].sort()) {
        const previous = this.tails.get(id) ?? Promise.resolve();
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const tail = previous.then(() => held);
        this.tails.set(id, tail);
        releases.push(() => {
          release();
          if (this.tails.get(id) === tail) this.tails.delete(id);
        });
        await previous;
      }
      return await fn();
    } finally {
      for (const release of releases) release();
    }
  }
}
