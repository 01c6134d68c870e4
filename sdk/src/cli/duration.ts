import { InvalidArgumentError, Option } from "commander";

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const WITH_UNIT = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/;

/** A length of time with its unit (`500ms`, `10s`, `30m`, `24h`, `7d`) in milliseconds, else undefined. */
export function durationMs(text: string): number | undefined {
  const match = WITH_UNIT.exec(text.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : undefined;
}

/**
 * `--timeout`'s value: a duration with its unit, or a number of seconds (`90`, `0.5`). Anything else is
 * refused when the command line is read (exit 2), before the command sends anything: a timeout that cannot
 * be read would otherwise never fire, or fire after the command had already started a run.
 */
export function timeoutMs(text: string): number {
  const ms = durationMs(text) ?? (/^\d+(?:\.\d+)?$/.test(text.trim()) ? Number(text) * 1000 : undefined);
  if (ms === undefined || ms <= 0) {
    throw new InvalidArgumentError(
      "expected a positive duration: seconds (90) or with a unit (500ms, 10s, 2m, 1h)",
    );
  }
  return ms;
}

/** The `--timeout` of the commands that wait; its value arrives parsed, in milliseconds. */
export const timeoutOption = (description: string) =>
  new Option("--timeout <duration>", `${description}: 90 (seconds), 500ms, 10s, 2m, 1h`)
    .argParser(timeoutMs)
    .default(60_000, "60s");
