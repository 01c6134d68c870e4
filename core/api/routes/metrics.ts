import { Hono } from "hono";
import type { Telemetry } from "../../ports/telemetry";
import type { AppEnv } from "../env";

/**
 * GET /metrics in Prometheus' text format, where the service keeps its metrics in process (`npm start`).
 * Unauthenticated, as Prometheus scrapes: its series carry no workspace, run or definition id
 * (core/domain/metrics.ts), only service-wide counts. Not part of the API's OpenAPI document.
 */
export function metricsRoutes(scrape: NonNullable<Telemetry["scrape"]>) {
  return new Hono<AppEnv>().get("/metrics", async (c) => {
    const { contentType, body } = await scrape();
    return c.body(body, 200, { "content-type": contentType, "cache-control": "no-store" });
  });
}
