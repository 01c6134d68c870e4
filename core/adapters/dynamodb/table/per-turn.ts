/**
 * Gathers what is asked in one turn of the event loop and hands it over in one go, once that turn's I/O
 * callbacks and every promise they settle have run (setImmediate): so what they lead to asking comes along,
 * and nothing waits for more than the rest of its turn.
 */
export function perTurn<T>(flush: (asked: T[]) => void): (ask: T) => void {
  let gathering: T[] | undefined;
  return (ask) => {
    if (!gathering) {
      const asked: T[] = [];
      gathering = asked;
      setImmediate(() => {
        gathering = undefined;
        flush(asked);
      });
    }
    gathering.push(ask);
  };
}

/** What waits for an answer to what it asked. */
export interface Asker<A> {
  resolve(answer: A): void;
  reject(error: unknown): void;
}

/** The askers of each distinct thing asked, in the order first asked. */
export function groupBy<T>(asked: readonly T[], idOf: (ask: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const ask of asked) {
    const id = idOf(ask);
    const group = groups.get(id);
    if (group) group.push(ask);
    else groups.set(id, [ask]);
  }
  return groups;
}
