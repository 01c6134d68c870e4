import { OpenAPIHono } from "@hono/zod-openapi";
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

/** Route groups as the document reads them: each adds its routes to the registry, in its order. */
export interface DocumentedRoutes {
  document(reference: OpenAPIHono): Promise<void>;
}

/** The document of every route of `groups`, in their order, with the security schemes they refer to. */
export async function buildDocument(groups: readonly DocumentedRoutes[]): Promise<OpenApiDocument> {
  const reference = new OpenAPIHono();
  reference.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "A workspace API key, `svc_` followed by a random token",
  });
  reference.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
    type: "apiKey",
    in: "header",
    name: "x-admin-token",
    description: "The operator's token, the server's `ADMIN_TOKEN`",
  });
  for (const group of groups) await group.document(reference);
  return completeDocument(reference.getOpenAPI31Document(DOCUMENT_CONFIG));
}
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { in?: string }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
};
type MediaType = { schema?: object; example?: unknown; examples?: unknown };

const ERROR_REF = { $ref: "#/components/schemas/ErrorEnvelope" };
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
  requireDefaultedAnswerFields(doc);
  return doc;
}

type Schema = { $ref?: string; properties?: Record<string, Schema>; required?: string[]; default?: unknown };

/**
 * zod-to-openapi lists a field with a default as optional, which is right for a request (it may be left
 * out) but not for an answer, which always carries it. So in the schemas no request body reaches, such
 * fields are required: a generated client's types then need no `?? default` when reading them.
 */
function requireDefaultedAnswerFields(doc: OpenApiDocument): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  const inRequests = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value !== "object" || value === null) return;
    const ref = (value as Schema).$ref?.replace("#/components/schemas/", "");
    if (ref !== undefined && !inRequests.has(ref)) {
      inRequests.add(ref);
      visit(schemas[ref]);
    }
    for (const child of Object.values(value)) visit(child);
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) visit((item?.[method] as Operation | undefined)?.requestBody);
  }
  const requireDefaults = (schema: Schema): void => {
    const properties = Object.entries(schema.properties ?? {});
    const defaulted = properties.filter(([, property]) => property.default !== undefined).map(([key]) => key);
    if (defaulted.length > 0) schema.required = [...new Set([...(schema.required ?? []), ...defaulted])];
    for (const [, property] of properties) requireDefaults(property);
  };
  for (const [name, schema] of Object.entries(schemas)) if (!inRequests.has(name)) requireDefaults(schema);
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
