import type { OpenAPIHono } from "@hono/zod-openapi";
import { renderApiReference } from "./docs-page";
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
  app.get("/docs", (c) => {
    page ??= renderApiReference(app.getOpenAPI31Document(DOCUMENT_CONFIG));
    return c.html(page);
  });
}
