import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import type { Deps } from "../../ports/deps";
import type { AppEnv } from "../env";
import { dataEnvelope, ErrorEnvelope, ok } from "../envelope";
import { createRouter, lazyResponses } from "../router";

const Status = dataEnvelope(z.object({ status: z.string() }));

const probe = (path: "/health" | "/live", operationId: string, summary: string) =>
  createRoute({
    method: "get",
    path,
    operationId,
    tags: ["Health"],
    security: [],
    summary,
    responses: lazyResponses(() => ({
      200: { description: "The process is up", content: { "application/json": { schema: Status } } },
    })),
  });

const ready = createRoute({
  method: "get",
  path: "/ready",
  operationId: "getReadiness",
  security: [],
  tags: ["Health"],
  summary: "Readiness: 200 once the table answers a read, 503 while it does not",
  responses: lazyResponses(() => ({
    200: { description: "Ready to serve", content: { "application/json": { schema: Status } } },
    503: {
      description: "The store does not answer",
      content: { "application/json": { schema: ErrorEnvelope } },
    },
  })),
});

/** Unauthenticated probes: liveness says the process runs, readiness says it can reach its table. */
export function healthRoutes(deps: Pick<Deps, "store">) {
  return createRouter<AppEnv>()
    .openapi(probe("/health", "getHealth", "Health check"), (c) => c.json(ok({ status: "ok" }), 200))
    .openapi(probe("/live", "getLiveness", "Liveness"), (c) => c.json(ok({ status: "ok" }), 200))
    .openapi(ready, async (c) => {
      try {
        await deps.store.ping();
        return c.json(ok({ status: "ready" }), 200);
      } catch (error) {
        c.var.log.warn({ err: error }, "readiness check failed");
        return c.json(
          {
            success: false as const,
            error: { code: "INTERNAL_ERROR", message: "The store is not reachable" },
          },
          503,
        );
      }
    });
}
