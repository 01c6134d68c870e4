import type { RunsStore } from "../../ports/store";

type Sections = RunsStore;

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

/** Everything a pass yields, in order (Array.fromAsync, which the compiled library level lacks). */
export async function readAll<T>(pass: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const entry of pass) all.push(entry);
  return all;
}

/** What an `async *method` is an instance of: a sweep pass (runs.overdue) is written as one. */
const AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor;

/**
 * The section with each method answering in a later microtask, the hook called around it. A method's body is
 * synchronous up to its answer (but `runs.create`'s, around its `supersede`), so others interleave only at
 * these points; no timer is used, so fake timers cannot stall the store. A pass (an async generator) is one
 * call to the hook, its answer everything it yields, read at once.
 */
export function instrument<S extends keyof Sections>(
  name: S,
  section: Sections[S],
  onCall: MemoryStoreHook | undefined,
): Sections[S] {
  const methods = Object.entries(section) as [string, (...args: unknown[]) => unknown][];
  const wrapped = methods.map(([method, body]) => {
    const operation = `${name}.${method}` as MemoryStoreOperation;
    const call = async (args: unknown[], answer: () => Promise<unknown>) => {
      await Promise.resolve();
      await onCall?.({ operation, phase: "before", args });
      const result = await answer();
      await onCall?.({ operation, phase: "after", args, result });
      await Promise.resolve();
      return result;
    };
    if (body instanceof AsyncGeneratorFunction) {
      const pass = async function* (...args: unknown[]) {
        yield* (await call(args, () => readAll(body(...args) as AsyncIterable<unknown>))) as unknown[];
      };
      return [method, pass] as const;
    }
    return [method, (...args: unknown[]) => call(args, async () => body(...args))] as const;
  });
  return Object.fromEntries(wrapped) as unknown as Sections[S];
}
