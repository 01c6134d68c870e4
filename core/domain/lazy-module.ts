import { loadOnce } from "./load-once";

/** A module imported on first use (see loadOnce), which synchronous code can use once it is loaded. */
export interface LazyModule<M> {
  /** Imports the module, once; a failed import is tried again on the next call. */
  load(): Promise<M>;
  /**
   * `fn(module)`: at once when the module is loaded, after its import otherwise. A zod refinement written
   * with it is synchronous once the module is loaded: zod reports an awaited refinement's issues after the
   * synchronous ones, and its object keys last, so a caller that needs the issues and the output in the
   * schema's order awaits `load()` before parsing (the API's routes do: `loadBeforeValidation`).
   */
  use<R>(fn: (module: M) => R): R | Promise<R>;
}

export function lazyModule<M>(importModule: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  const load = loadOnce(async () => {
    loaded = await importModule();
    return loaded;
  });
  return { load, use: (fn) => (loaded === undefined ? load().then(fn) : fn(loaded)) };
}
