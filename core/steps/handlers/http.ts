import * as z from "zod";
import { parseRetryAfter } from "../../domain/retry-after";
import { StepError } from "../../domain/step-error";
import { OutboundRequestFailed, OutboundUrlRefused } from "../../outbound/outbound-errors";
import type { OutboundHttp, OutboundResponse } from "../../ports/http";
import type { TaskHandler } from "./task-handler";

// RFC 9110 token characters; Node would throw on anything else, so a bad name is caught here as a config error.
const headerName = z.string().regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, "is not a valid header name");
// No CR or LF: a header value must not be able to start another header.
const headerValue = z
  .string()
  .regex(/^[\t\x20-\x7e\x80-\xff]*$/, "contains characters not allowed in a header");

const HttpConfig = z.object({
  url: z.string().min(1),
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, "is not an HTTP method")
    .default("GET")
    .transform((method) => method.toUpperCase()),
  headers: z.record(headerName, headerValue).optional(),
  body: z.unknown().optional(),
  timeoutMs: z.number().int().min(1).max(300_000).default(30_000),
});
type HttpConfig = z.infer<typeof HttpConfig>;

/**
 * The built-in `http` task handler: one request through the guarded OutboundHttp. Output is
 * `{status, headers, body}`; any answer outside 2xx fails the attempt (3xx too, since redirects are not
 * followed), retryably, while a refused URL or a bad config fails it for good. A 429 or 503 that says
 * Retry-After sets the next attempt's delay (docs/flow.md, "Retries").
 */
export function createHttpHandler(http: OutboundHttp): TaskHandler {
  return async (context) => {
    const config = parseConfig(context.config);
    const headers: Record<string, string> = { ...config.headers };
    // The same key on every repeat of one attempt lets the receiver drop a duplicate after a worker crash.
    if (!hasHeader(headers, "idempotency-key")) headers["Idempotency-Key"] = context.idempotencyKey;

    let body: string | undefined;
    if (typeof config.body === "string") body = config.body;
    else if (config.body !== undefined) {
      body = JSON.stringify(config.body);
      if (!hasHeader(headers, "content-type")) headers["Content-Type"] = "application/json";
    }

    const host = hostOf(config.url);
    let response: OutboundResponse;
    try {
      response = await http.request({
        url: config.url,
        method: config.method,
        headers,
        body,
        timeoutMs: config.timeoutMs,
      });
    } catch (error) {
      if (error instanceof OutboundUrlRefused) {
        throw new StepError("URL_REFUSED", error.message, { retryable: false, cause: error });
      }
      if (error instanceof OutboundRequestFailed) {
        throw new StepError("HTTP_FAILED", `HTTP request to ${host} failed: ${error.reason}`, {
          retryable: true,
          cause: error,
        });
      }
      throw error;
    }

    if (response.status < 200 || response.status > 299) {
      // The response body stays out of the message: it is the remote server's text, not ours to echo.
      throw new StepError("HTTP_NON_2XX", `HTTP ${response.status} from ${host}`, {
        retryable: true,
        retryAfterMs: askedWait(response, context.nowMs),
      });
    }
    return {
      output: {
        status: response.status,
        headers: response.headers,
        body: decodeBody(response.body, response.headers["content-type"]),
      },
    };
  };
}

/** A 429's or 503's Retry-After (the statuses RFC 9110 gives it a meaning on): the next attempt waits for it. */
function askedWait(response: OutboundResponse, nowMs: number): number | undefined {
  if (response.status !== 429 && response.status !== 503) return undefined;
  return parseRetryAfter(response.headers["retry-after"], nowMs);
}

function parseConfig(raw: Record<string, unknown>): HttpConfig {
  const parsed = HttpConfig.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "config";
    return `${field}: ${issue.message}`;
  });
  throw new StepError("HANDLER_CONFIG", `Invalid http config: ${problems.join("; ")}`, { retryable: false });
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/** Host only: the path and query of a user URL may carry tokens that do not belong in error messages. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
  }
}

function decodeBody(text: string, contentType: string | undefined): unknown {
  if (contentType === undefined || !/^[^;]*[/+]json\s*(;|$)/i.test(contentType)) return text;
  try {
    return JSON.parse(text);
  } catch {
    // A truncated or malformed JSON answer is still worth keeping as text.
    return text;
  }
}
