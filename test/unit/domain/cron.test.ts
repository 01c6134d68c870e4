import { describe, expect, it } from "vitest";
import {
  cronProblem,
  isFireTime,
  latestFireAtMs,
  nextFireAtMs,
  toSchedulerCron,
} from "../../../core/domain/cron";
import { isKnownTimezone } from "../../../core/domain/time";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("cronProblem", () => {
  it.each([
    "* * * * *",
    "0 9 * * 1-5",
    "*/15 9-17 * * MON-FRI",
    "0 0 1,15 * *",
    "5 4 * JAN,JUL *",
    "0 12 * * 7",
  ])("accepts %s", (cron) => expect(cronProblem(cron)).toBeUndefined());

  it.each([
    ["* * * *", /5 fields/],
    ["* * * * * *", /5 fields/],
    ["61 * * * *", /./],
    ["0 0 L * *", /three-letter names/],
    ["0 0 ? * 1", /three-letter names/],
    ["0 0 1 * 2#1", /three-letter names/],
    ["0 9 1 * MON", /cannot both be restricted/],
    ["@daily", /5 fields/],
  ])("refuses %s", (cron, problem) => expect(cronProblem(cron)).toMatch(problem));
});

describe("isKnownTimezone", () => {
  it("knows IANA zones and refuses others", () => {
    expect(isKnownTimezone("Europe/Paris")).toBe(true);
    expect(isKnownTimezone("UTC")).toBe(true);
    expect(isKnownTimezone("Mars/Olympus")).toBe(false);
    expect(isKnownTimezone("")).toBe(false);
  });
});

describe("fire times", () => {
  const daily = { cron: "30 2 * * *", timezone: "Europe/Paris" };

  it("reads the fields in the schedule's time zone, daylight saving included", () => {
    // Paris is UTC+2 in summer and UTC+1 in winter; clocks went back on 2026-10-25.
    expect(iso(nextFireAtMs(daily, at("2026-10-24T12:00:00Z")))).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(nextFireAtMs(daily, at("2026-10-26T12:00:00Z")))).toBe("2026-10-27T01:30:00.000Z");
  });

  it("finds the latest fire at or before a time, and knows its own fire times", () => {
    const minutely = { cron: "* * * * *", timezone: "UTC" };
    expect(iso(latestFireAtMs(minutely, at("2026-01-01T10:00:00Z")))).toBe("2026-01-01T10:00:00.000Z");
    expect(iso(latestFireAtMs(minutely, at("2026-01-01T10:00:59.999Z")))).toBe("2026-01-01T10:00:00.000Z");
    expect(iso(nextFireAtMs(minutely, at("2026-01-01T10:00:00Z")))).toBe("2026-01-01T10:01:00.000Z");
    expect(isFireTime(minutely, at("2026-01-01T10:00:00Z"))).toBe(true);
    expect(isFireTime(minutely, at("2026-01-01T10:00:01Z"))).toBe(false);
  });
});

describe("toSchedulerCron", () => {
  it.each([
    ["* * * * *", "cron(* * * * ? *)"],
    ["0 9 * * 1-5", "cron(0 9 ? * 2-6 *)"],
    ["0 9 * * 0", "cron(0 9 ? * 1 *)"],
    ["0 9 * * 7", "cron(0 9 ? * 1 *)"],
    ["0 9 * * SAT,SUN", "cron(0 9 ? * 1,7 *)"],
    ["0 9 * * 0-6", "cron(0 9 * * ? *)"],
    ["*/20 */6 1,15 * *", "cron(0,20,40 0,6,12,18 1,15 * ? *)"],
    ["0 0 1 JAN-MAR *", "cron(0 0 1 1-3 ? *)"],
  ])("writes %s as %s", (cron, expression) => expect(toSchedulerCron(cron)).toBe(expression));

  it("stays within EventBridge Scheduler's 256 characters for the longest lists", () => {
    expect(toSchedulerCron("*/2 */2 */2 */2 *").length).toBeLessThanOrEqual(256);
  });
});
