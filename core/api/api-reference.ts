import type { Hono } from "hono";
import { loadOnce } from "../domain/load-once";
import { SWAGGER_UI_FILES, swaggerUiFile } from "./api-reference-assets";
import type { AppEnv } from "./env";
import type { DocumentedRoutes } from "./openapi-document";

const ASSETS = "/docs/assets";

/**
 * /docs: Swagger UI (swagger-ui-dist) over /openapi.json, every file from this service. The page runs
 * its script and stylesheet from here and talks to this origin only (the document, and the requests
 * "Try it out" sends), so it works without internet access, and nothing inline runs.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Weft API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="${ASSETS}/start.js"></script>
</body>
</html>
`;

// validatorUrl: null keeps the page from showing a badge fetched from swagger.io's validator.
const START = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  filter: true,
  displayRequestDuration: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
`;

// Swagger UI sets styles through the DOM (allowed) and its stylesheet has data: images; "Try it out"
// fetches from this origin. No other site may frame the page, nor may a form post elsewhere.
const PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-cache",
};

/**
 * `/openapi.json` is generated from the same zod schemas that validate requests, so it cannot drift from
 * what the API accepts; `/docs` renders it with Swagger UI, which shows the document's examples and sends
 * "Try it out" requests to this service. The document is built on the first request for it from every
 * route group's router, in the order given (which loads the groups not loaded yet), not at every cold
 * start of the API; the renderer's files are read on their first request. Its server is the configured
 * origin (publicOrigin), not the Host of whoever asked: "Try it out" sends requests there.
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
  app.get("/openapi.json", async (c) =>
    c.json({ ...(await built()), servers: [{ url: origin, description: "This service" }] }),
  );
  app.get("/docs", (c) => c.html(PAGE, 200, PAGE_HEADERS));
  app.get(`${ASSETS}/start.js`, (c) =>
    c.body(START, 200, { ...PAGE_HEADERS, "content-type": "text/javascript; charset=utf-8" }),
  );
  app.get(`${ASSETS}/:name`, async (c) => {
    const name = c.req.param("name");
    const type = SWAGGER_UI_FILES.get(name);
    if (type === undefined) return c.notFound();
    const text = await swaggerUiFile(name);
    // The package's version is in no URL: a day's cache, then the browser asks again.
    return c.body(text, 200, {
      "content-type": type,
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
    });
  });
}
