import type { OpenAPIHono } from "@hono/zod-openapi";
import { sample } from "openapi-sampler";
import { ERROR_STATUSES, type ErrorStatus, errorResponse } from "./error-responses";
import { SCHEMA_EXAMPLES } from "./schema-examples";

export const DOCUMENT_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "Weft API",
    version: "1.0.0",
    description:
      "Durable multi-step workflows with language-model steps, waits, signals and human approval. Every " +
      "response uses the envelope `{success, data}` or `{success: false, error: {code, message, details?}}`.",
    license: { name: "Apache 2.0", identifier: "Apache-2.0" },
  },
};

export type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { in?: string }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
};
type MediaType = { schema?: object; example?: unknown; examples?: unknown };

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/**
 * The published document: each route's own definition, completed with what the middleware answers for
 * every route (413 and 415 for bodies, 401 and 429 behind a credential, 500 anywhere), so a route cannot
 * forget them, and an example on every JSON request and response, sampled from its schema's examples.
 */
export function completeDocument(doc: OpenApiDocument): OpenApiDocument {
  const schemas = doc.components?.schemas ?? {};
  for (const [name, example] of Object.entries(SCHEMA_EXAMPLES)) {
    const schema = schemas[name];
    if (schema && !("$ref" in schema)) schema.examples = [example];
  }
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (operation) completeOperation(path, operation, doc);
    }
  }
  return doc;
}

function completeOperation(path: string, operation: Operation, doc: OpenApiDocument): void {
  operation.responses ??= {};
  const responses = operation.responses;
  for (const status of sharedErrorStatuses(path, operation)) {
    responses[status] ??= errorResponse(status, ERROR_REF);
  }
  const media = [
    ...Object.values(operation.requestBody?.content ?? {}),
    ...Object.values(responses).flatMap((response) => Object.values(response.content ?? {})),
  ];
  for (const content of media) {
    if (content.schema === undefined || content.example !== undefined || content.examples !== undefined)
      continue;
    content.example = sample(content.schema, { quiet: true, enablePatterns: true }, doc);
  }
}

function sharedErrorStatuses(path: string, operation: Operation): ErrorStatus[] {
  const statuses: ErrorStatus[] = [500];
  const credentialed = (operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0);
  if (credentialed) statuses.push(401);
  // Every /v1 request passes a rate limit: the workspace's, or the client address's for sign-up and login.
  if (path.startsWith("/v1/")) statuses.push(429);
  if (operation.requestBody) statuses.push(400, 413, 415);
  if (operation.parameters?.some((parameter) => parameter.in === "query")) statuses.push(400);
  return statuses.filter((status) => ERROR_STATUSES.includes(status));
}
