/**
 * `load` run on the first call only, every later call sharing its result: how what a rare path needs (the
 * llm step's code and its answer checks, a provider's SDK, the SQS, Scheduler and KMS clients) is imported
 * on first use rather than during a Lambda's cold start. A failed load is run again on the next call, so
 * one failed import does not stay failed.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
