import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { TestApp } from "./test-app";

/** ISO 8601 in UTC with millisecond precision, the API's one timestamp format. */
export const ISO_UTC_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export interface ErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface CreatedKey {
  id: string;
  name: string;
  key: string;
  prefix: string;
  createdAt: string;
}

export interface KeySummary {
  id: string;
  name: string;
  keyPrefix: string;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface WorkspaceBody {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
}

export interface SignupData {
  user: { id: string; email: string; createdAt: string };
  workspace: WorkspaceBody;
  apiKey: CreatedKey;
  token: string;
}

async function readJson(response: Response): Promise<{ text: string; json: unknown }> {
  const text = await response.text();
  try {
    return { text, json: JSON.parse(text) };
  } catch {
    return { text, json: undefined };
  }
}

/** Asserts a success response: the status and exactly `{success: true, data}`; returns `data`. */
export async function expectData<T>(response: Response, status: number): Promise<T> {
  const { text, json } = await readJson(response);
  expect(response.status, text).toBe(status);
  expect(json).toEqual({ success: true, data: expect.anything() });
  return (json as { data: T }).data;
}

/** Asserts an error response: the status and exactly `{success: false, error: {code, message, details?}}`. */
export async function expectError(response: Response, status: number, code: string): Promise<ErrorBody> {
  const { text, json } = await readJson(response);
  expect(response.status, text).toBe(status);
  expect(json).toEqual({
    success: false,
    error: expect.objectContaining({ code, message: expect.any(String) }),
  });
  const error = (json as { error: ErrorBody }).error;
  expect(Object.keys(error).filter((key) => !["code", "message", "details"].includes(key))).toEqual([]);
  expect(error.message.length).toBeGreaterThan(0);
  return error;
}

/** The field paths named by a VALIDATION_ERROR's `details.issues`. */
export function issuePaths(error: ErrorBody): string[] {
  const issues = (error.details?.issues ?? []) as { path: string }[];
  return issues.map((issue) => issue.path);
}

export const uniqueEmail = () => `user-${randomBytes(4).toString("hex")}@example.com`;
export const uniqueSlug = (base = "ws") => `${base}-${randomBytes(4).toString("hex")}`;

/** Signs up through the public route and returns the whole `data` of the 201 answer. */
export async function signUpFull(t: TestApp, overrides: Record<string, unknown> = {}): Promise<SignupData> {
  const response = await t.request("POST", "/v1/dashboard-auth/signup", {
    body: {
      email: uniqueEmail(),
      password: "correct horse battery",
      workspaceName: "Acme Research",
      ...overrides,
    },
  });
  return expectData<SignupData>(response, 201);
}

export async function createApiKey(t: TestApp, apiKey: string, name = "ci"): Promise<CreatedKey> {
  const response = await t.request("POST", "/v1/api-keys", {
    body: { name },
    headers: { "x-api-key": apiKey },
  });
  return expectData<CreatedKey>(response, 201);
}

export async function listApiKeys(t: TestApp, apiKey: string): Promise<KeySummary[]> {
  return expectData<KeySummary[]>(
    await t.request("GET", "/v1/api-keys", { headers: { "x-api-key": apiKey } }),
    200,
  );
}
