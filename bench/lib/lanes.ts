/** Calls `task` `count` times, at most `lanes` at once. */
export async function inLanes(
  count: number,
  lanes: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}
