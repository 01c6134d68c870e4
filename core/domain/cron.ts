import { CronExpressionParser } from "cron-parser";

/**
 * Cron schedules of triggers: five fields (minute hour day-of-month month day-of-week), read in an IANA
 * time zone. Parsing and date arithmetic (time zones, daylight saving) are cron-parser's; what this module
 * adds is the subset Weft accepts, which is the subset one EventBridge Scheduler `cron()` schedule can
 * express (docs/triggers.md), so a trigger behaves the same locally and in AWS.
 */
export interface CronSchedule {
  cron: string;
  timezone: string;
}

/** The accepted syntax: numbers, three-letter names (JAN, MON), `*`, lists, ranges and steps; no L, W, #, H. */
const FIELD = /^(?:[0-9*,/-]|[A-Za-z]{3})+$/;

/** Why `cron` is not accepted, or undefined when it is. */
export function cronProblem(cron: string): string | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return "must have 5 fields: minute hour day-of-month month day-of-week";
  if (!fields.every((field) => FIELD.test(field)))
    return "fields may hold numbers, three-letter names, *, lists (,), ranges (-) and steps (/) only";
  const [, , dayOfMonth, , dayOfWeek] = fields;
  // Standard cron runs when either day field matches; a Scheduler schedule cannot say "either".
  if (dayOfMonth !== "*" && dayOfWeek !== "*")
    return "day-of-month and day-of-week cannot both be restricted; use * for one of them";
  try {
    CronExpressionParser.parse(cron);
  } catch (error) {
    return error instanceof Error ? error.message : "is not a valid cron expression";
  }
  return undefined;
}

const parse = (schedule: CronSchedule, atMs: number) =>
  CronExpressionParser.parse(schedule.cron, { currentDate: new Date(atMs), tz: schedule.timezone });

/** The first fire time strictly after `afterMs`. */
export function nextFireAtMs(schedule: CronSchedule, afterMs: number): number {
  return parse(schedule, afterMs).next().getTime();
}

/** The last fire time at or before `atMs`. */
export function latestFireAtMs(schedule: CronSchedule, atMs: number): number {
  return parse(schedule, atMs + 1)
    .prev()
    .getTime();
}

/** Whether `atMs` is one of the schedule's fire times. */
export function isFireTime(schedule: CronSchedule, atMs: number): boolean {
  return latestFireAtMs(schedule, atMs) === atMs;
}

/**
 * The schedule as an EventBridge Scheduler `cron()` expression (six fields, year last, `?` in the day field
 * that is not restricted, days of the week numbered 1 = Sunday). Each field is written as the list of its
 * values, consecutive ones as ranges, so no syntax whose meaning differs between the two dialects remains.
 */
export function toSchedulerCron(cron: string): string {
  const { fields } = CronExpressionParser.parse(cron);
  const list = (values: readonly (number | string)[], first: number, last: number) => {
    const numbers = [...new Set(values.filter((v): v is number => typeof v === "number"))].sort(
      (a, b) => a - b,
    );
    if (numbers.length === last - first + 1) return "*";
    return compress(numbers);
  };
  const weekdays = (fields.dayOfWeek.values as readonly (number | string)[])
    .filter((v): v is number => typeof v === "number")
    .map((v) => (v % 7) + 1);
  const dayOfWeek = list(weekdays, 1, 7);
  // cronProblem lets at most one day field be restricted: the other is `?`.
  const days = dayOfWeek === "*" ? [list(fields.dayOfMonth.values, 1, 31), "?"] : ["?", dayOfWeek];
  return `cron(${[
    list(fields.minute.values, 0, 59),
    list(fields.hour.values, 0, 23),
    days[0],
    list(fields.month.values, 1, 12),
    days[1],
    "*",
  ].join(" ")})`;
}

/** [1,2,3,5] → "1-3,5". */
function compress(sorted: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join(",");
}
