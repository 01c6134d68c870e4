import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env";

const DOCUMENT_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "Weft API",
    version: "1.0.0",
    description:
      "Durable multi-step workflows with language-model steps, waits, signals and human approval. Every " +
      "response uses the envelope `{success, data}` or `{success: false, error: {code, message, details?}}`.",
  },
};

/**
 * `/openapi.json` is generated from the same zod schemas that validate requests, so it cannot drift from
 * what the API accepts; `/docs` renders it as a page with no external script, for offline and Lambda use.
 * The page's renderer is imported on the first `/docs` request, not at every cold start of the API.
 */
export function mountApiReference(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "A workspace API key, `svc_` followed by a random token",
  });
  app.doc31("/openapi.json", DOCUMENT_CONFIG);
  let page: string | undefined;
  app.get("/docs", async (c) => {
    if (page === undefined) {
      const { renderApiReference } = await import("./docs-page");
      page = renderApiReference(app.getOpenAPI31Document(DOCUMENT_CONFIG));
    }
    return c.html(page);
  });
}
