import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app";

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
};
type MediaType = { schema?: Schema; example?: unknown };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; license?: { name: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, unknown> };
};

/**
 * Every operation the app serves, as "METHOD /path/{param}", read from the app's own router; the reference
 * itself, Prometheus' scrape (local only, docs/observability.md) and the MCP endpoint (JSON-RPC, described
 * by its own protocol: docs/mcp.md) are not operations of the JSON API.
 */
const SERVED_BY_REFERENCE = new Set(["/openapi.json", "/docs", "/metrics", "/mcp"]);
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

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.request("GET", "/openapi.json");
  expect(response.status).toBe(200);
  doc = (await response.json()) as OpenApiDocument;
});

/** Operations whose answer is an acknowledgement (`{deleted: true}`…), not a resource: it stays inline. */
const ACKNOWLEDGEMENTS = new Set([
  "getHealth",
  "getLiveness",
  "getReadiness",
  "revokeApiKey",
  "deleteApprovalGroup",
  "setLlmProviderPriorities",
  "deleteLlmProvider",
  "deleteRemoteTool",
  "deleteTrigger",
  "deleteWebhook",
  "cancelWorkflowRun",
  "resumeWorkflowRun",
  "retryWorkflowRun",
  "sendSignal",
]);
const HEALTH = new Set(["getHealth", "getLiveness", "getReadiness"]);

function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
}

function jsonMedia(op: Operation): MediaType[] {
  return [op.requestBody?.content, ...Object.values(op.responses).map((r) => r.content)].flatMap((content) =>
    Object.entries(content ?? {})
      .filter(([type]) => type === "application/json")
      .map(([, media]) => media),
  );
}

/** The schemas of `data` in a success envelope (each variant's, for a union): named components, or arrays of them. */
function dataSchemas(media: MediaType): Schema[] {
  const envelope = resolve(media.schema ?? {});
  const variants = envelope.anyOf ?? envelope.oneOf ?? [envelope];
  return variants.map((variant) => {
    const data = resolve(variant).properties?.data ?? {};
    return data.items ?? data;
  });
}

function documentedOperations(): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

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

function resolve(schema: Schema): Schema {
  const prefix = "#/components/schemas/";
  if (!schema.$ref?.startsWith(prefix)) return schema;
  const target = doc.components?.schemas?.[schema.$ref.slice(prefix.length)];
  if (!target) throw new Error(`dangling ${schema.$ref}`);
  return resolve(target);
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

  it("offers the nine step types when describing the POST /v1/workflow-definitions body", () => {
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

describe("/openapi.json as a client generator reads it", () => {
  it("gives every operation a unique operationId when listing operations", () => {
    const ids = operations().map(([, op]) => op.operationId);

    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares security on every operation, empty on public ones, when read", () => {
    const missing = operations().filter(([, op]) => op.security === undefined);

    expect(missing.map(([key]) => key)).toEqual([]);
  });

  it("names the server it was fetched from and a licence when read", async () => {
    const served = (await (
      await t.app.request("https://weft.acme.test/openapi.json")
    ).json()) as OpenApiDocument;

    expect(served.servers).toEqual([expect.objectContaining({ url: "https://weft.acme.test" })]);
    expect(served.info.license?.name).toEqual(expect.any(String));
  });

  it("serves the reviewed document byte for byte when fetched", async () => {
    const served = await (await t.app.request("http://localhost:3000/openapi.json")).text();

    // A parse gives JSON.stringify's output back unchanged, so the indented copy (reviewable in a diff,
    // updated with `vitest -u` when the API changes) stands for the served bytes.
    expect(JSON.stringify(JSON.parse(served))).toBe(served);
    await expect(JSON.stringify(JSON.parse(served), null, 2)).toMatchFileSnapshot(
      "__snapshots__/openapi.json",
    );
  });

  it("gives every JSON request body a named schema when read", () => {
    const inline = operations().filter(([, op]) => {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      return schema !== undefined && schema.$ref === undefined;
    });

    expect(inline.map(([key]) => key)).toEqual([]);
  });

  it("answers every resource as a named schema when read", () => {
    const inline = operations().filter(([, op]) => {
      if (ACKNOWLEDGEMENTS.has(op.operationId ?? "")) return false;
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith("2"));
      return success.some(([, response]) => {
        const media = response.content?.["application/json"];
        return media !== undefined && dataSchemas(media).some((data) => data.$ref === undefined);
      });
    });

    expect(inline.map(([key]) => key)).toEqual([]);
  });

  it("shows an example with every JSON request and response when read", () => {
    const bare = operations().filter(([, op]) => jsonMedia(op).some((media) => media.example === undefined));

    expect(bare.map(([key]) => key)).toEqual([]);
  });

  it("documents 500 everywhere, and 4xx on every operation but the health probes, when read", () => {
    for (const [key, op] of operations()) {
      const statuses = Object.keys(op.responses);
      expect(statuses, key).toContain("500");
      if (!HEALTH.has(op.operationId ?? ""))
        expect(
          statuses.some((s) => s.startsWith("4")),
          key,
        ).toBe(true);
    }
  });

  it("documents 413 and 415 on every operation with a JSON body when read", () => {
    for (const [key, op] of operations()) {
      if (op.requestBody === undefined) continue;
      expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(["400", "413", "415"]));
    }
  });
});

describe("GET /docs", () => {
  it("returns an HTML page naming every documented path when GET /docs is called", async () => {
    const response = await t.request("GET", "/docs");

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    for (const path of Object.keys(doc.paths)) expect(html).toContain(path);
  });

  it("references no external script or stylesheet when /docs is rendered", async () => {
    const html = await (await t.request("GET", "/docs")).text();

    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/@import/i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
  });
});
