/** ISO 8601 UTC with milliseconds, the one timestamp format of the API. */
export function isoAt(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
