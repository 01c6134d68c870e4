import {
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
  ProviderError,
  type ProviderErrorKind,
  type ProviderName,
} from "../../domain/llm-call";
import { pickWaitHeaders } from "../../domain/retry-after";

/**
 * How every adapter runs its SDK: one call under our own deadline, every failure turned into a classified
 * ProviderError. An adapter supplies only the SDK call itself and the classification of its SDK's errors.
 */

/**
 * An LlmProvider around one SDK call. `call` builds its client per request: the key is the workspace's (or
 * the server's), not fixed for the process.
 */
export function sdkProvider(
  name: ProviderName,
  classify: (error: unknown) => ProviderError,
  call: (request: LlmRequest, signal: AbortSignal) => Promise<LlmResponse>,
): LlmProvider {
  return {
    name,
    complete: (request) => callWithDeadline(name, request, classify, (signal) => call(request, signal)),
  };
}

/**
 * HTTP status → error kind. 408 and 409 are transient on these APIs (the SDKs themselves retry them), so
 * they are classified as retryable; 529 is Anthropic's "overloaded". `refineKind` then reads the message.
 */
export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 429) return "rate_limit";
  if (status === 529) return "overloaded";
  if (status === 408) return "timeout";
  if (status === 401 || status === 403) return "auth";
  if (status === 409 || status >= 500) return "server";
  return "bad_request";
}

interface Deadline {
  readonly signal: AbortSignal;
  /** True once the call's time is up: whatever the SDK then throws is reported as a timeout. */
  readonly expired: () => boolean;
  readonly clear: () => void;
}

/**
 * Our own abort timer on top of the SDK's timeout option: the OpenAI and Anthropic SDKs stop their timer
 * once headers arrive (a stalled body would hang), and the Google SDK never clears its timer.
 */
function startDeadline(timeoutMs: number): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  return {
    signal: controller.signal,
    expired: () => expired,
    clear: () => clearTimeout(timer),
  };
}

/** SDKs validate the timeout as a positive integer. */
export function sdkTimeout(request: LlmRequest): number {
  return Math.max(1, Math.ceil(request.timeoutMs));
}

/** Runs one SDK call under the request's deadline, turning every failure into a classified ProviderError. */
async function callWithDeadline<T>(
  provider: ProviderName,
  request: LlmRequest,
  classify: (error: unknown) => ProviderError,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  // Without a key the SDKs would throw their own configuration errors (or read the environment).
  if (request.apiKey.trim() === "") throw new ProviderError(provider, "auth", `no ${provider} API key`);
  const deadline = startDeadline(sdkTimeout(request));
  try {
    return await call(deadline.signal);
  } catch (error) {
    if (error instanceof ProviderError) throw refineKind(error);
    if (deadline.expired()) {
      throw new ProviderError(
        provider,
        "timeout",
        `${provider} call timed out after ${request.timeoutMs} ms`,
        {
          cause: error,
        },
      );
    }
    throw refineKind(classify(error));
  } finally {
    deadline.clear();
  }
}

/**
 * The providers say "the prompt is too long", "overloaded" and "blocked by the content filter" in a
 * 400 or 5xx whose message (or, for Gemini, finish reason) is all that tells them apart; fallback treats
 * them differently (docs/llm.md), so the message decides the kind where the status cannot.
 */
const MESSAGE_KINDS: readonly {
  kind: ProviderErrorKind;
  from: readonly ProviderErrorKind[];
  pattern: RegExp;
}[] = [
  {
    kind: "context_length",
    from: ["bad_request"],
    pattern:
      /context.length|context window|maximum context|prompt is too long|too many (input )?tokens|input token count.*exceeds/i,
  },
  {
    kind: "content_filter",
    from: ["bad_request"],
    pattern:
      /content.filter|content.(management )?policy|safety|prohibited.content|blocklist|responsible ai/i,
  },
  { kind: "overloaded", from: ["server"], pattern: /overload/i },
];

export function refineKind(error: ProviderError): ProviderError {
  const refined = MESSAGE_KINDS.find(
    (rule) => rule.from.includes(error.kind) && rule.pattern.test(error.message),
  );
  if (!refined) return error;
  return new ProviderError(error.provider, refined.kind, error.message, {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.waitHeaders && { waitHeaders: { ...error.waitHeaders } }),
    cause: error.cause,
  });
}

// The classified errors every adapter reports, worded alike whichever SDK raised them.

/** The SDK's own timeout fired (rather than our deadline). */
export function sdkTimedOut(provider: ProviderName, error: unknown): ProviderError {
  return new ProviderError(provider, "timeout", `${provider} call timed out`, { cause: error });
}

/** No connection: refused, reset, DNS. */
export function unreachable(provider: ProviderName, error: Error): ProviderError {
  return new ProviderError(provider, "connection", `${provider} unreachable: ${error.message}`, {
    cause: error,
  });
}

/** The API answered with an error status; `headers` are the answer's, where the SDK keeps them. */
export function httpFailure(
  provider: ProviderName,
  kind: ProviderErrorKind,
  status: number,
  error: Error,
  headers?: Headers,
): ProviderError {
  const waitHeaders = headers && pickWaitHeaders((name) => headers.get(name));
  return new ProviderError(provider, kind, `${provider}: ${error.message}`, {
    status,
    cause: error,
    ...(waitHeaders && { waitHeaders }),
  });
}

/**
 * Anything the SDK throws that is neither an HTTP status nor a connection failure (an unparsable body, an
 * SDK-side check) says nothing against trying again or another provider, so it counts as "server".
 */
export function unexpectedError(provider: ProviderName, error: unknown): ProviderError {
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(provider, "server", `${provider}: ${message}`, { cause: error });
}

type ErrorClass<T extends Error = Error> = abstract new (...args: never[]) => T;

/** The error classes of the OpenAI and Anthropic SDKs, both generated by Stainless with the same hierarchy. */
export interface StainlessErrorClasses {
  APIConnectionTimeoutError: ErrorClass;
  APIConnectionError: ErrorClass;
  APIError: ErrorClass<Error & { status: number | undefined; headers: Headers | undefined }>;
}

/** Classifies an error thrown by a Stainless-generated SDK (OpenAI's or Anthropic's). */
export function classifyStainlessError(
  provider: ProviderName,
  sdk: StainlessErrorClasses,
  error: unknown,
): ProviderError {
  // The timeout class extends the connection class, so it is checked first.
  if (error instanceof sdk.APIConnectionTimeoutError) return sdkTimedOut(provider, error);
  if (error instanceof sdk.APIConnectionError) return unreachable(provider, error);
  if (error instanceof sdk.APIError && typeof error.status === "number") {
    return httpFailure(provider, kindForStatus(error.status), error.status, error, error.headers);
  }
  return unexpectedError(provider, error);
}
