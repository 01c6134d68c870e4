/** ISO 8601 UTC with milliseconds, the one timestamp format of the API. */
export function isoAt(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** Whether `timezone` is an IANA zone name this runtime knows (and so EventBridge Scheduler too). */
export function isKnownTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return timezone.length <= 50;
  } catch {
    return false;
  }
}
