/**
 * Named counters shared by every meter of the engine bench (DynamoDB, queue, scheduler, advancer). A phase
 * is measured as the difference of two snapshots, so setup and fixture traffic never leak into a figure.
 */
export type Counts = Record<string, number>;

export class Tally {
  private readonly counts = new Map<string, number>();

  add(key: string, by = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + by);
  }

  snapshot(): Counts {
    return Object.fromEntries(this.counts);
  }
}

/** What happened between two snapshots; keys that did not move are left out. */
export function since(before: Counts, after: Counts): Counts {
  const delta: Counts = {};
  for (const [key, value] of Object.entries(after)) {
    const moved = value - (before[key] ?? 0);
    if (moved !== 0) delta[key] = moved;
  }
  return delta;
}

export function count(counts: Counts, key: string): number {
  return counts[key] ?? 0;
}

/** The sum of every counter named `<prefix><something>`. */
export function sumPrefixed(counts: Counts, prefix: string): number {
  let sum = 0;
  for (const [key, value] of Object.entries(counts)) if (key.startsWith(prefix)) sum += value;
  return sum;
}

/** `{ something: value }` for every counter named `<prefix><something>`. */
export function byPrefix(counts: Counts, prefix: string): Counts {
  const picked: Counts = {};
  for (const [key, value] of Object.entries(counts)) {
    if (key.startsWith(prefix)) picked[key.slice(prefix.length)] = value;
  }
  return picked;
}
