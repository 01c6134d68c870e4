/**
 * What a bench started, undone newest first (workers before their clients, clients before DynamoDB Local,
 * that before its files), once however often `stop` is called, each step attempted even if one fails.
 */
export function cleanupStack() {
  const cleanups: (() => unknown)[] = [];
  let stopped: Promise<void> | undefined;
  return {
    push(cleanup: () => unknown): void {
      cleanups.push(cleanup);
    },
    stop(): Promise<void> {
      stopped ??= (async () => {
        for (const cleanup of cleanups.reverse()) {
          try {
            await cleanup();
          } catch (error) {
            console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      })();
      return stopped;
    },
  };
}
