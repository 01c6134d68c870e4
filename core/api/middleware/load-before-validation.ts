import type { MiddlewareHandler } from "hono";

/**
 * A route's middleware (it runs before the route's validators) that imports what its body's checks use on
 * the first request rather than at a cold start (core/domain/lazy-module.ts). The checks then run
 * synchronously, so a bad body's issues and a good body's fields come in the schema's order on the first
 * request as on every later one.
 */
export function loadBeforeValidation(load: () => Promise<unknown>): MiddlewareHandler {
  return async function loadChecks(_c, next) {
    await load();
    await next();
  };
}
