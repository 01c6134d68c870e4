import type { OutboundHttp } from "../../ports/http";
import type { CallTool } from "../../remote-tools/call-remote-tool";
import type { FindTool } from "../../remote-tools/find-tool";
import { failHandler, noopHandler, setStateHandler } from "./builtin";
import { createHttpHandler } from "./http";
import { createRemoteToolHandler } from "./remote-tool";
import type { TaskHandler } from "./task-handler";

export interface RegisteredHandler {
  run: TaskHandler;
  /**
   * False only for handlers that compute from the state and touch nothing else (noop, set_state): the
   * engine may run several of those and commit them together, since running one again after a crash
   * changes nothing outside the run.
   */
  sideEffects: boolean;
}

export type HandlerRegistry = ReadonlyMap<string, RegisteredHandler>;

/**
 * The built-in task handlers plus any a self-hoster passes in. A custom handler with a built-in's name
 * replaces it, and is assumed to have side effects.
 */
export function createHandlerRegistry(
  deps: { http: OutboundHttp; remoteTools?: { find: FindTool; call: CallTool } },
  custom: Record<string, TaskHandler> = {},
): HandlerRegistry {
  const registry = new Map<string, RegisteredHandler>([
    ["noop", { run: noopHandler, sideEffects: false }],
    ["set_state", { run: setStateHandler, sideEffects: false }],
    ["http", { run: createHttpHandler(deps.http), sideEffects: true }],
    ["fail", { run: failHandler, sideEffects: false }],
  ]);
  if (deps.remoteTools) {
    registry.set("remote_tool", { run: createRemoteToolHandler(deps.remoteTools), sideEffects: true });
  }
  for (const [name, run] of Object.entries(custom)) registry.set(name, { run, sideEffects: true });
  return registry;
}
