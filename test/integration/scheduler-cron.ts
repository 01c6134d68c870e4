/**
 * EventBridge Scheduler's `cron()` expressions as the stand-in (local-aws.ts) evaluates them, written from
 * AWS's documentation rather than from the adapter's translation (core/domain/cron.ts), so a test that
 * compares the two checks one against the other: six fields (minutes, hours, day of month, month, day of
 * week, year), `?` in exactly one day field, days of the week 1-7 from Sunday, and the wall clock of the
 * schedule's time zone. It models numbers, `*`, `?`, ranges, lists and steps; anything else (names, `L`,
 * `W`, `#`) is refused, as something the stand-in does not model, never silently misread.
 */

interface Fields {
  minute: Set<number>;
  hour: Set<number>;
  dayOfMonth: Set<number> | "any";
  month: Set<number>;
  dayOfWeek: Set<number> | "any";
  year: Set<number> | "any";
}

export interface SchedulerCron {
  expression: string;
  timezone: string;
  fields: Fields;
}

const RANGES = {
  minute: [0, 59],
  hour: [0, 23],
  dayOfMonth: [1, 31],
  month: [1, 12],
  dayOfWeek: [1, 7],
  year: [1970, 2199],
} as const;

/** @throws Error for an expression or a time zone EventBridge Scheduler would refuse, or one not modelled. */
export function parseSchedulerCron(expression: string, timezone: string): SchedulerCron {
  const match = /^cron\((.+)\)$/.exec(expression);
  const parts = match?.[1]?.split(" ") ?? [];
  if (parts.length !== 6) throw new Error(`Not a six-field cron() expression: ${expression}`);
  const [minute, hour, dayOfMonth, month, dayOfWeek, year] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if ((dayOfMonth === "?") === (dayOfWeek === "?"))
    throw new Error(`cron(): exactly one of day-of-month and day-of-week must be "?": ${expression}`);
  new Intl.DateTimeFormat("en-US", { timeZone: timezone }); // a RangeError for an unknown zone
  return {
    expression,
    timezone,
    fields: {
      minute: values(minute, RANGES.minute),
      hour: values(hour, RANGES.hour),
      dayOfMonth: dayOfMonth === "?" ? "any" : values(dayOfMonth, RANGES.dayOfMonth),
      month: values(month, RANGES.month),
      dayOfWeek: dayOfWeek === "?" ? "any" : values(dayOfWeek, RANGES.dayOfWeek),
      year: year === "*" ? "any" : values(year, RANGES.year),
    },
  };
}

function values(field: string, [first, last]: readonly [number, number]): Set<number> {
  const set = new Set<number>();
  for (const item of field.split(",")) {
    const [range = "", stepText] = item.split("/");
    const step = stepText === undefined ? 1 : whole(stepText);
    const [from, to] = range === "*" ? [first, last] : range.split("-").map(whole);
    const end = to ?? (stepText === undefined ? from : last);
    if (from === undefined || from < first || (end ?? from) > last || step < 1)
      throw new Error(`cron() field out of range or not modelled: ${field}`);
    for (let value = from; value <= (end ?? from); value += step) set.add(value);
  }
  return set;
}

function whole(text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`cron() syntax the stand-in does not model: ${text}`);
  return Number(text);
}

const MINUTE_MS = 60_000;
/** How far ahead a next fire is looked for: a schedule that fires less often than yearly is not modelled. */
const HORIZON_MS = 366 * 24 * 60 * MINUTE_MS;

/**
 * The first fire time strictly after `afterMs`: the first whole minute whose wall-clock time in the
 * schedule's zone matches every field (a wall-clock minute skipped by a daylight-saving change never
 * fires; one repeated fires twice).
 */
export function nextSchedulerFire(cron: SchedulerCron, afterMs: number): number | undefined {
  const wallClock = new Intl.DateTimeFormat("en-US", {
    timeZone: cron.timezone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    weekday: "short",
  });
  const { fields } = cron;
  for (let ms = afterMs - (afterMs % MINUTE_MS) + MINUTE_MS; ms <= afterMs + HORIZON_MS; ms += MINUTE_MS) {
    const parts = Object.fromEntries(wallClock.formatToParts(ms).map((part) => [part.type, part.value]));
    const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? "") + 1;
    const matches =
      fields.minute.has(Number(parts.minute)) &&
      fields.hour.has(Number(parts.hour)) &&
      fields.month.has(Number(parts.month)) &&
      (fields.dayOfMonth === "any" || fields.dayOfMonth.has(Number(parts.day))) &&
      (fields.dayOfWeek === "any" || fields.dayOfWeek.has(weekday)) &&
      (fields.year === "any" || fields.year.has(Number(parts.year)));
    if (matches) return ms;
  }
  return undefined;
}
