import { durationMs } from "./duration.js";
import { UsageError } from "./exit-codes.js";

/**
 * A moment given on the command line: an age such as `90s`, `30m`, `24h` or `7d` (that long before `nowMs`),
 * or anything the service takes as a timestamp (`2026-11-01`, `2026-11-01T09:00:00+01:00`), sent as typed.
 */
export function instantOption(flag: string, value: string, nowMs = Date.now()): string {
  const age = durationMs(value);
  if (age !== undefined) return new Date(nowMs - age).toISOString();
  if (Number.isNaN(Date.parse(value))) {
    throw new UsageError(`${flag} takes an age (30m, 24h, 7d), a date (2026-11-01) or an ISO timestamp`);
  }
  return value;
}
