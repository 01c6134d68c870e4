import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Env } from "hono";
import { NotFoundError } from "../domain/errors";
import { ErrorEnvelope } from "./envelope";
import { type ErrorStatus, errorResponse } from "./error-responses";
import { toValidationError } from "./validation";

const TARGET_LABEL: Record<string, string> = {
  json: "Request body",
  query: "Query",
  header: "Header",
};

/**
 * Every router validates with zod and turns a failure into the one VALIDATION_ERROR shape. Path parameters
 * are ids and names: one that cannot exist (too long, other characters) names nothing, so it is a 404 like
 * any other unknown id, and it never reaches the store, whose keys have their own bounds.
 */
export function createRouter<E extends Env>(): OpenAPIHono<E> {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (result.success) return;
      if (result.target === "param") throw new NotFoundError("Resource");
      throw toValidationError(result.error, TARGET_LABEL[result.target]);
    },
  });
}

/** The error responses a route documents, in the envelope. */
export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(status, ErrorEnvelope)]));
}

/** Every route behind the API key can also answer 401 and 429. */
export const AUTHENTICATED_ERRORS = [401, 429] as const;
export const API_KEY_SECURITY = [{ apiKey: [] }];

/** How the routes of one group behind the API key are declared: documented under `tags`, with the key's security. */
export function keyedRoutes(tags: string[]) {
  return <R extends Parameters<typeof createRoute>[0]>(config: R) =>
    createRoute({ ...config, tags, security: API_KEY_SECURITY });
}

/** The operator's `x-admin-token` (`ADMIN_TOKEN`), for invites. */
export const ADMIN_TOKEN_SECURITY = [{ adminToken: [] }];

/** The `content` of a JSON request body or response in a route definition. */
export const jsonContent = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });

/**
 * A route's `responses`, built on their first read. The API validates requests, never its own responses,
 * so their schemas (the envelopes, and what each route answers) are read only when /openapi.json is
 * generated: built with the routes, they would cost every cold start. Built once, since a schema with an
 * `id` may be registered once only.
 */
export function lazyResponses<T extends object>(build: () => T): T {
  const responses = builtOnce(build);
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(responses(), key),
    has: (_, key) => Reflect.has(responses(), key),
    ownKeys: () => Reflect.ownKeys(responses()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(responses(), key),
  });
}

/** `build()` on the first call, its result on every later one: a route file's response schemas (lazyResponses). */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
