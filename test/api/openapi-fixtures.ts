import { beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of the API reference (openapi-document.test.ts, openapi-client-generator.test.ts,
 * openapi-docs-page.test.ts): an OpenAPI document's shape, the document served by an app of each file's own
 * (setUpOpenApi), its operations, and a schema with its `$ref`s followed.
 */
export type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
};
export type MediaType = { schema?: Schema; example?: unknown };
export type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; license?: { name: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, unknown> };
};

export let t: TestApp;
export let doc: OpenApiDocument;

/** Before the file's tests: starts its app and reads its /openapi.json. Call once per file. */
export function setUpOpenApi(): void {
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.request("GET", "/openapi.json");
    expect(response.status).toBe(200);
    doc = (await response.json()) as OpenApiDocument;
  });
}

export function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
}

export function resolve(schema: Schema): Schema {
  const prefix = "#/components/schemas/";
  if (!schema.$ref?.startsWith(prefix)) return schema;
  const target = doc.components?.schemas?.[schema.$ref.slice(prefix.length)];
  if (!target) throw new Error(`dangling ${schema.$ref}`);
  return resolve(target);
}
