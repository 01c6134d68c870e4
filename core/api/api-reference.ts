import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env";
import type { OpenApiDocument } from "./openapi-document";

/**
 * `/openapi.json` is generated from the same zod schemas that validate requests, so it cannot drift from
 * what the API accepts; `/docs` renders it as a page with no external script, for offline and Lambda use.
 * The document is built on the first request for it, and the page's renderer imported on the first `/docs`
 * request, not at every cold start of the API.
 */
export function mountApiReference(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "A workspace API key, `svc_` followed by a random token",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
    type: "apiKey",
    in: "header",
    name: "x-admin-token",
    description: "The operator's token, the server's `ADMIN_TOKEN`",
  });
  let doc: OpenApiDocument | undefined;
  const document = async (origin: string): Promise<OpenApiDocument> => {
    if (doc === undefined) {
      const { completeDocument, DOCUMENT_CONFIG } = await import("./openapi-document");
      doc = completeDocument(app.getOpenAPI31Document(DOCUMENT_CONFIG));
    }
    return { ...doc, servers: [{ url: origin, description: "This service" }] };
  };
  app.get("/openapi.json", async (c) => c.json(await document(new URL(c.req.url).origin)));
  let page: string | undefined;
  app.get("/docs", async (c) => {
    if (page === undefined) {
      const { renderApiReference } = await import("./docs-page");
      page = renderApiReference(await document(new URL(c.req.url).origin));
    }
    return c.html(page);
  });
}
