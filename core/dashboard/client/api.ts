import { endSession, getSession } from "./session";
import type { Json, PageMeta } from "./types";

/** The dashboard's only door to the service: the session API, which mirrors the public API's routes. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Json,
  ) {
    super(message);
  }
}

interface Envelope<T> {
  success: boolean;
  data: T;
  meta?: PageMeta;
  error?: { code: string; message: string; details?: Json };
}

async function send<T>(method: string, url: string, body?: unknown, headers: Json = {}) {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "NETWORK", "The service could not be reached. Check your connection.");
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !envelope?.success) {
    const error = envelope?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "HTTP",
      error?.message ?? `Request failed (${response.status})`,
      error?.details,
    );
  }
  return envelope;
}

async function authed<T>(method: string, path: string, body?: unknown) {
  const session = getSession();
  if (!session) throw new ApiError(401, "AUTH_ERROR", "Not signed in");
  try {
    return await send<T>(method, path, body, {
      authorization: `Bearer ${session.token}`,
      "x-workspace-id": session.workspaceId,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && getSession()?.token === session.token) {
      endSession("Your session has ended. Sign in again.");
    }
    throw error;
  }
}

/** A workspace route of the public API, e.g. `api("GET", "/workflow-runs")` for GET /v1/workflow-runs. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await authed<T>(method, `/dashboard/api/v1${path}`, body)).data;
}

export async function apiPage<T>(path: string): Promise<{ data: T[]; meta: PageMeta }> {
  const envelope = await authed<T[]>("GET", `/dashboard/api/v1${path}`);
  const meta = envelope.meta ?? { page: 1, pageSize: envelope.data.length, total: 0, totalPages: 1 };
  return { data: envelope.data, meta };
}

/**
 * A workspace route that streams (`GET /workflow-runs/:id/stream`), opened with the session's credentials;
 * the response is the caller's to read. A 401 ends the session as any other request's would.
 */
export async function apiStream(path: string, headers: Record<string, string>, signal: AbortSignal) {
  const session = getSession();
  if (!session) throw new ApiError(401, "AUTH_ERROR", "Not signed in");
  const response = await fetch(`/dashboard/api/v1${path}`, {
    headers: { authorization: `Bearer ${session.token}`, "x-workspace-id": session.workspaceId, ...headers },
    signal,
  });
  if (response.status === 401 && getSession()?.token === session.token) {
    endSession("Your session has ended. Sign in again.");
  }
  if (!response.ok || !response.body)
    throw new ApiError(response.status, "HTTP", `Stream failed (${response.status})`);
  return response.body;
}

/**
 * GET /dashboard/api/session and POST /dashboard/api/logout. Logging out names the token it ends: the tab has
 * dropped the session already, so a poll answered 401 meanwhile cannot end it under another reason.
 */
export const sessionApi = {
  get: async <T>() => (await authed<T>("GET", "/dashboard/api/session")).data,
  logout: async (token: string) => {
    await send("POST", "/dashboard/api/logout", undefined, { authorization: `Bearer ${token}` });
  },
};

/** The public sign-up and login routes. */
export async function publicPost<T>(path: string, body: unknown): Promise<T> {
  return (await send<T>("POST", path, body)).data;
}

/** The public settings of the sign-in page (GET /v1/dashboard-auth/config). */
export async function publicGet<T>(path: string): Promise<T> {
  return (await send<T>("GET", path)).data;
}

export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
