import { describe, expect, it } from "vitest";
import { doc, type Operation, operations, resolve, type Schema, setUpOpenApi, t } from "./openapi-fixtures";

/**
 * Every operation the app serves, as "METHOD /path/{param}", read from the app's own router; the reference
 * itself (with its page's files), Prometheus' scrape (local only, docs/observability.md) and the MCP
 * endpoint (JSON-RPC, described by its own protocol: docs/mcp.md) are not operations of the JSON API.
 */
const SERVED_BY_REFERENCE = new Set([
  "/openapi.json",
  "/docs",
  "/docs/assets/start.js",
  "/docs/assets/:name",
  "/metrics",
  "/mcp",
]);
/**
 * The dashboard's pages, its session-authenticated mirror of the API, and the HTML pages of signed approval
 * links are not part of the JSON API.
 */
const isDashboard = (path: string) =>
  path === "/" || path.startsWith("/assets/") || path.startsWith("/dashboard/api/") || path.startsWith("/a/");
const STEP_TYPES = [
  "task",
  "wait",
  "condition",
  "external_event",
  "llm",
  "approval",
  "parallel",
  "map",
  "sub_workflow",
  "agent",
];
const PUBLIC_OPERATIONS = [
  "GET /health",
  "GET /live",
  "GET /ready",
  "POST /v1/dashboard-auth/signup",
  "POST /v1/dashboard-auth/login",
];
const KEYED_OPERATIONS = [
  "POST /v1/api-keys",
  "GET /v1/api-keys",
  "DELETE /v1/api-keys/{id}",
  "POST /v1/workspaces",
  "GET /v1/workspaces/current",
  "POST /v1/workflow-definitions",
  "GET /v1/workflow-definitions",
  "GET /v1/workflow-definitions/{id}",
];

setUpOpenApi();

const documentedOperations = (): string[] => operations().map(([key]) => key);

function servedOperations(): string[] {
  const served = t.app.routes
    .filter(
      (route) => route.method !== "ALL" && !SERVED_BY_REFERENCE.has(route.path) && !isDashboard(route.path),
    )
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`);
  return [...new Set(served)];
}

function operation(key: string): Operation {
  const [method = "", path = ""] = key.split(" ");
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${key} is not documented`);
  return op;
}

function discriminatorValue(option: Schema): unknown {
  const type = resolve(resolve(option).properties?.type ?? {});
  return type.const ?? type.enum?.[0];
}

describe("GET /openapi.json", () => {
  it("serves an OpenAPI 3.1 document when no API key is sent", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toEqual(
      expect.objectContaining({ title: expect.any(String), version: expect.any(String) }),
    );
  });

  it("documents exactly the operations the app serves when compared with its router", () => {
    expect(documentedOperations().sort()).toEqual(servedOperations().sort());
  });

  it("documents the health routes and every /v1 route when listing paths", () => {
    expect(documentedOperations()).toEqual(
      expect.arrayContaining([...PUBLIC_OPERATIONS, ...KEYED_OPERATIONS]),
    );
  });

  it("declares the apiKey security scheme when read as the x-api-key header", () => {
    expect(doc.components?.securitySchemes?.apiKey).toEqual(
      expect.objectContaining({ type: "apiKey", in: "header", name: "x-api-key" }),
    );
  });

  it.each(KEYED_OPERATIONS)("requires the apiKey scheme when the operation is %s", (key) => {
    expect(operation(key).security).toEqual([{ apiKey: [] }]);
  });

  it.each(PUBLIC_OPERATIONS)("requires no API key when the operation is %s", (key) => {
    const security = operation(key).security;
    expect(security === undefined || security.every((req) => Object.keys(req).length === 0)).toBe(true);
  });

  it("offers the ten step types when describing the POST /v1/workflow-definitions body", () => {
    const body = operation("POST /v1/workflow-definitions").requestBody?.content?.["application/json"]
      ?.schema;
    expect(body).toBeDefined();
    const steps = resolve(resolve(body ?? {}).properties?.steps ?? {});
    const item = resolve(steps.items ?? {});
    const options = item.oneOf ?? item.anyOf ?? [];

    expect(options.map(discriminatorValue).sort()).toEqual([...STEP_TYPES].sort());
    expect(JSON.stringify(doc.components?.schemas)).toContain('"external_event"');
  });
});
