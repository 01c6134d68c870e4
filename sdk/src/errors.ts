/** An answer of the API in its error envelope, or a wait that ran out of time. */
export class WeftError extends Error {
  override readonly name = "WeftError";

  constructor(
    /** The API's error code (`NOT_FOUND`, `VALIDATION_ERROR`, …), or `TIMEOUT` for a wait. */
    readonly code: string,
    message: string,
    /** The HTTP status; 0 for a wait that timed out. */
    readonly status: number,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Envelope = { error?: { code?: string; message?: string; details?: Record<string, unknown> } };

/** The data of a successful call, or a WeftError from its error envelope. */
export function unwrap<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data.data;
  const error = (result.error as Envelope | undefined)?.error;
  throw new WeftError(
    error?.code ?? "HTTP_ERROR",
    error?.message ?? `HTTP ${result.response.status}`,
    result.response.status,
    error?.details,
  );
}
