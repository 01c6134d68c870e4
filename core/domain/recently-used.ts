/**
 * A map that keeps its most recently used entries up to a total weight (1 per entry unless weighed),
 * forgetting the least recently used first: an instance's memory of things that never change, bounded.
 */
export class RecentlyUsed<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: moved to the end, the entry is the most recent.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.weight <= this.maxWeight) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
