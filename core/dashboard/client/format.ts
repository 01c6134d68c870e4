const usdSmall = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumSignificantDigits: 3,
});
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const integer = new Intl.NumberFormat("en-US");

/** Model calls cost fractions of a cent: small amounts keep three significant digits. */
export function formatUsd(value: number): string {
  if (value === 0) return "$0.00";
  return Math.abs(value) < 1 ? usdSmall.format(value) : usd.format(value);
}

export function formatCount(value: number): string {
  return integer.format(value);
}

/** "Nov 20, 11:22:29 PM"; the year only when it is not this one. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return date.toLocaleString(undefined, {
    year: date.getFullYear() === new Date().getFullYear() ? undefined : "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
  });
}

export function formatClock(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

/** "3 s", "4 min", "2 h" ago; exact time in the title attribute where it is used. */
export function formatAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} d ago`;
}

/** "run_01KQ…X8JHMH1A" → "run_…x8jhmh1a": the type prefix and the random end, which tell ids apart. */
export function shortId(id: string): string {
  const prefix = id.includes("_") ? id.slice(0, id.indexOf("_") + 1) : "";
  return id.length - prefix.length > 10 ? `${prefix}…${id.slice(-8)}` : id;
}

/** A UTC date (YYYY-MM-DD) `days` before today. */
/**
 * The first moment of a calendar day (`YYYY-MM-DD`) in the browser's time zone, `days` later, as an ISO
 * instant: a person filtering by day means their own day, not UTC's. Undefined for a day it cannot read.
 */
export function localDayStart(day: string, days = 0): string | undefined {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return undefined;
  const start = new Date(year, month - 1, date + days);
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

export function isoDate(daysAgo = 0, now = Date.now()): string {
  return new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** Milliseconds as a person reads a step's length. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}
