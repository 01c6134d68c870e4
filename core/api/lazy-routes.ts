import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env, Hono, MiddlewareHandler, Schema } from "hono";
import { every } from "hono/combine";
import { loadOnce } from "../domain/load-once";

/** A route group's router, as its module builds it: `createRouter()` and its `.openapi()` routes, or a plain Hono. */
export type GroupRouter<E extends Env> = Hono<E, Schema, string>;

/**
 * A group of the API's routes, declared by name and built on its first request. Building the routes
 * (their request schemas) and loading their code is most of what a cold start would do, and a request
 * uses one group; but Hono's router takes no route after its first match, so each route is declared up
 * front, and its group's module imported when one of them is first asked for.
 */
export interface RouteGroup<E extends Env, D> {
  name: string;
  /** Its routes as "METHOD /path/{param}", as its router declares them and in that order. */
  routes: readonly string[];
  /** Imports the group's module and builds its router. */
  load(deps: D): Promise<GroupRouter<E>>;
}

/** Hono's form of an OpenAPI path, as `.openapi()` registers it: `/runs/{id}` is `/runs/:id`. */
const routingPath = (path: string) => path.replaceAll(/\/{(.+?)}/g, "/:$1");

/**
 * One app's instance of `groups`: each group's router is built once, on the first request to any of its
 * routes under any prefix the groups are mounted at, and a failed import is tried again on the next one.
 */
export function lazyRouteGroups<E extends Env, D>(groups: readonly RouteGroup<E, D>[], deps: D) {
  const loaded = groups.map((group) => ({
    group,
    load: loadOnce(async () => {
      const router = await group.load(deps);
      return { router, handlers: handlersByRoute(router.routes) };
    }),
  }));
  return {
    /**
     * Declares every route on `app`. Each runs its group's handlers for that route (the route's middleware,
     * its validators, its handler) in order with the request's context, as the group's router would.
     */
    mount<A extends Env>(app: Hono<A, Schema, string>): void {
      for (const { group, load } of loaded) {
        for (const route of group.routes) {
          const [method = "", path = ""] = route.split(" ");
          const key = `${method} ${routingPath(path)}`;
          app.on(method, routingPath(path), async function lazyRoute(c, next) {
            const handlers = (await load()).handlers.get(key);
            if (handlers === undefined) throw new Error(`Route group ${group.name} does not serve ${route}`);
            await every(...handlers)(c, next);
          });
        }
      }
    },
    /** Adds every group's `.openapi()` routes to the registry /openapi.json is generated from, in order. */
    async document(reference: OpenAPIHono): Promise<void> {
      const routers = await Promise.all(loaded.map(async ({ load }) => (await load()).router));
      for (const router of routers) reference.route("/", router);
    },
  };
}

function handlersByRoute(routes: GroupRouter<Env>["routes"]): Map<string, MiddlewareHandler[]> {
  const handlers = new Map<string, MiddlewareHandler[]>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    handlers.set(key, [...(handlers.get(key) ?? []), route.handler as MiddlewareHandler]);
  }
  return handlers;
}
