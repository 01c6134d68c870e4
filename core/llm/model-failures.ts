/** A model that failed within one attempt: its error, and whether another attempt might pass. */
export interface Failure {
  model: string;
  error: string;
  retryable: boolean;
}

/** The attempt's error when every model it tried failed: the one model's error, or each model's. */
export function describeFailures(failures: readonly Failure[]): string {
  if (failures.length === 1 && failures[0]) return `${failures[0].model}: ${failures[0].error}`;
  return `All models failed: ${failures.map((failure) => `${failure.model}: ${failure.error}`).join("; ")}`;
}
