import { UsageError } from "./exit-codes.js";

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * A moment given on the command line: an age such as `30m`, `24h` or `7d` (that long before `nowMs`), or
 * anything the service takes as a timestamp (`2026-11-01`, `2026-11-01T09:00:00+01:00`), sent as typed.
 */
export function instantOption(flag: string, value: string, nowMs = Date.now()): string {
  const age = /^(\d+)([mhd])$/.exec(value.trim());
  if (age) return new Date(nowMs - Number(age[1]) * UNIT_MS[age[2] as keyof typeof UNIT_MS]).toISOString();
  if (Number.isNaN(Date.parse(value))) {
    throw new UsageError(`${flag} takes an age (30m, 24h, 7d), a date (2026-11-01) or an ISO timestamp`);
  }
  return value;
}
