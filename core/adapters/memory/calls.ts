import type { RunsStore } from "../../ports/store";

type Sections = Omit<RunsStore, "sweepShards">;

/** Every operation of the memory store, named `<section>.<method>`: `runs.commit`, `costRollups.rollUp`… */
export type MemoryStoreOperation = {
  [S in keyof Sections]: `${S}.${Extract<keyof Sections[S], string>}`;
}[keyof Sections];

/**
 * One operation as the `onCall` hook sees it: `before` it is applied, and `after` it was applied, before its
 * answer is returned (with that answer).
 */
export type MemoryStoreCall =
  | { operation: MemoryStoreOperation; phase: "before"; args: readonly unknown[] }
  | { operation: MemoryStoreOperation; phase: "after"; args: readonly unknown[]; result: unknown };

/**
 * Throwing from the hook is the store failing at that point: `before`, nothing was applied; `after`, it was
 * applied and its answer is lost. The operation waits for a returned promise, so the harness can also hold
 * it there to choose an interleaving.
 */
export type MemoryStoreHook = (call: MemoryStoreCall) => void | Promise<void>;

/**
 * The section with each method answering in a later microtask, the hook called around it. A method's body is
 * synchronous up to its answer (but `runs.create`'s, around its `supersede`), so others interleave only at
 * these points; no timer is used, so fake timers cannot stall the store.
 */
export function instrument<S extends keyof Sections>(
  name: S,
  section: Sections[S],
  onCall: MemoryStoreHook | undefined,
): Sections[S] {
  const methods = Object.entries(section) as [string, (...args: unknown[]) => Promise<unknown>][];
  const wrapped = methods.map(([method, body]) => {
    const operation = `${name}.${method}` as MemoryStoreOperation;
    const call = async (...args: unknown[]) => {
      await Promise.resolve();
      await onCall?.({ operation, phase: "before", args });
      const result = await body(...args);
      await onCall?.({ operation, phase: "after", args, result });
      await Promise.resolve();
      return result;
    };
    return [method, call] as const;
  });
  return Object.fromEntries(wrapped) as unknown as Sections[S];
}
