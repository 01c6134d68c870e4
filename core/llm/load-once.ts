/**
 * `load` run on the first call only, every later call sharing its result: how the llm step's code, its
 * answer checks and each provider's SDK are imported on first use rather than during a worker's cold
 * start. A failed load is run again on the next call, so one failed import does not stay failed.
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
