import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Env } from "hono";
import { NotFoundError } from "../domain/errors";
import { ErrorEnvelope } from "./envelope";
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

const ERROR_DESCRIPTIONS = {
  400: "VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`)",
  401: "AUTH_ERROR: missing, invalid or revoked API key",
  403: "FORBIDDEN: the caller may not do this (an approval it is not assigned to)",
  404: "NOT_FOUND: no such resource in the caller's workspace",
  409: "CONFLICT: the resource exists or is in a state that forbids the operation",
  429: "RATE_LIMIT_ERROR: the workspace's rate limit is exceeded; see `Retry-After`",
} as const;

/** The error responses a route documents, in the envelope. */
export function errorResponses(...statuses: (keyof typeof ERROR_DESCRIPTIONS)[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: ERROR_DESCRIPTIONS[status], content: { "application/json": { schema: ErrorEnvelope } } },
    ]),
  );
}

/** Every route behind the API key can also answer 401 and 429. */
export const AUTHENTICATED_ERRORS = [401, 429] as const;
export const API_KEY_SECURITY = [{ apiKey: [] }];

/** The `content` of a JSON request body or response in a route definition. */
export const jsonContent = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });
