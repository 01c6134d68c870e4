import { createHash } from "node:crypto";

/**
 * Trace and span ids derived from the run's own ids. A run's steps commit in different processes and
 * invocations, hours apart; deriving the ids means each commit's spans find their run's trace and span
 * without anything stored for tracing, and a span exported twice carries the same id (backends merge it).
 */
function hexOf(text: string, digits: number): string {
  return createHash("sha256").update(text).digest("hex").slice(0, digits);
}

export const traceIdOf = (runId: string): string => hexOf(`trace:${runId}`, 32);
export const runSpanIdOf = (runId: string): string => hexOf(`run:${runId}`, 16);
export const stepSpanIdOf = (stepRunId: string, attempt: number): string =>
  hexOf(`step:${stepRunId}:${attempt}`, 16);
export const eventSpanIdOf = (eventId: string): string => hexOf(`event:${eventId}`, 16);
export const turnSpanIdOf = (stepRunId: string, turn: number): string =>
  hexOf(`turn:${stepRunId}:${turn}`, 16);
