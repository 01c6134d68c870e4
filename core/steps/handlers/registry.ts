import type { OutboundHttp } from "../../ports/http";
import { failHandler, noopHandler, setStateHandler } from "./builtin";
import { createHttpHandler } from "./http";
import type { TaskHandler } from "./task-handler";

export type HandlerRegistry = ReadonlyMap<string, TaskHandler>;

/**
 * The built-in task handlers plus any a self-hoster passes in; a custom handler with a built-in's name
 * replaces it. Composition roots build one registry per process.
 */
export function createHandlerRegistry(
  deps: { http: OutboundHttp },
  custom: Record<string, TaskHandler> = {},
): HandlerRegistry {
  return new Map(
    Object.entries({
      noop: noopHandler,
      set_state: setStateHandler,
      http: createHttpHandler(deps.http),
      fail: failHandler,
      ...custom,
    }),
  );
}
