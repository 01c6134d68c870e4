import { WeftError } from "../errors.js";

/** The CLI's exit codes, for scripts (sdk/README.md lists them). */
export const EXIT = {
  ok: 0,
  /** Anything unexpected: the service unreachable, a 500, a bug. */
  failure: 1,
  /** Bad command line, unreadable or invalid file, no API key configured. */
  usage: 2,
  /** 401 or 403: the key is missing, invalid or revoked, or the act is not allowed. */
  auth: 3,
  notFound: 4,
  /** 409: the resource is in a state that forbids the act (a run already finished, an approval decided). */
  conflict: 5,
  /** 400, 413 or 415: the service refused the input. */
  invalid: 6,
  rateLimited: 7,
  /**
   * A waited-for run ended other than COMPLETED (FAILED, CANCELLED, SUPERSEDED), or ended without the
   * approval request waited for: what the wait was for can no longer happen.
   */
  runNotCompleted: 8,
  /** A wait ran out of time. */
  timeout: 9,
} as const;

const BY_STATUS: Record<number, number> = {
  400: EXIT.invalid,
  401: EXIT.auth,
  403: EXIT.auth,
  404: EXIT.notFound,
  409: EXIT.conflict,
  413: EXIT.invalid,
  415: EXIT.invalid,
  429: EXIT.rateLimited,
};

/** A problem the user can fix on their side (a file, an option), reported without a stack. */
export class UsageError extends Error {}

/** Ends the command with this code once its output is printed (a waited-for run that FAILED). */
export class ExitWith extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof ExitWith) return error.exitCode;
  if (error instanceof WeftError) {
    if (error.code === "TIMEOUT") return EXIT.timeout;
    if (error.code === "RUN_ENDED") return EXIT.runNotCompleted;
    return BY_STATUS[error.status] ?? EXIT.failure;
  }
  return EXIT.failure;
}
