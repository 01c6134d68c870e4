/** A model that failed within one attempt: its error, whether another attempt might pass, and when. */
export interface Failure {
  model: string;
  error: string;
  retryable: boolean;
  retryAfterMs?: number;
}

/**
 * The wait the next attempt owes the providers that refused this one: the longest any of them asked for,
 * since the next attempt starts again from the first model and may go on to the others.
 */
export function askedWait(failures: readonly Pick<Failure, "retryAfterMs">[]): { retryAfterMs?: number } {
  const waits = failures.flatMap((failure) =>
    failure.retryAfterMs === undefined ? [] : [failure.retryAfterMs],
  );
  return waits.length > 0 ? { retryAfterMs: Math.max(...waits) } : {};
}

/** The attempt's error when every model it tried failed: the one model's error, or each model's. */
export function describeFailures(failures: readonly Failure[]): string {
  if (failures.length === 1 && failures[0]) return `${failures[0].model}: ${failures[0].error}`;
  return `All models failed: ${failures.map((failure) => `${failure.model}: ${failure.error}`).join("; ")}`;
}
