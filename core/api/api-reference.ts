import type { Hono } from "hono";
import { loadOnce } from "../domain/load-once";
import type { AppEnv } from "./env";
import type { DocumentedRoutes } from "./openapi-document";

/**
 * `/openapi.json` is generated from the same zod schemas that validate requests, so it cannot drift from
 * what the API accepts; `/docs` renders it as a page with no external script, for offline and Lambda use.
 * The document is built on the first request for it from every route group's router, in the order given
 * (which loads the groups not loaded yet), and the page's renderer imported on the first `/docs` request,
 * not at every cold start of the API. Its server is the configured origin (publicOrigin), not the Host of
 * whoever asked first: the page is built once and served to everyone.
 */
export function mountApiReference(
  app: Hono<AppEnv>,
  groups: readonly DocumentedRoutes[],
  origin: string,
): void {
  const built = loadOnce(async () => {
    const { buildDocument } = await import("./openapi-document");
    return buildDocument(groups);
  });
  const document = async () => ({
    ...(await built()),
    servers: [{ url: origin, description: "This service" }],
  });
  app.get("/openapi.json", async (c) => c.json(await document()));
  let page: string | undefined;
  app.get("/docs", async (c) => {
    if (page === undefined) {
      const { renderApiReference } = await import("./docs-page");
      page = renderApiReference(await document());
    }
    return c.html(page);
  });
}
