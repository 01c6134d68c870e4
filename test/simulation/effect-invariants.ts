import { StepRunStatus } from "../../core/domain/statuses";
import type { Write } from "./history";
import type { Evidence, Flag, Observations } from "./invariants";

/**
 * External effects: a request is sent only for an attempt whose outcome was not yet committed when the
 * worker decided to send it (its last store answer); so one key is repeated only for an attempt that a
 * crash or a lost lease interrupted, never for one whose outcome the sender could have known.
 */
export function effects({ writes, requests }: Evidence, flag: Flag): Observations {
  const outcomes = new Map<string, number>();
  for (const write of writes) {
    for (const stepRun of write.stepRuns) {
      const settled = stepRun.status !== StepRunStatus.Running;
      for (let attempt = 1; attempt <= stepRun.attempt; attempt++) {
        if (attempt === stepRun.attempt && !settled) continue;
        const key = `${stepRun.id}:${attempt}`;
        if (!outcomes.has(key)) outcomes.set(key, write.at);
      }
    }
  }
  const observations: Observations = { repeatedEffects: 0, repeatsAfterOutcome: 0 };
  const seen = new Set<string>();
  for (const request of requests) {
    const outcomeAt = outcomes.get(request.key);
    if (outcomeAt !== undefined && outcomeAt <= request.decidedAt) {
      flag(
        "effects only for unfinished attempts",
        runOf(writes, request.stepRunId),
        `${request.actor} sent ${request.key} ` +
          `at #${request.at}, deciding at #${request.decidedAt}, after its outcome was committed at #${outcomeAt}`,
      );
    }
    if (seen.has(request.key)) {
      observations.repeatedEffects += 1;
      if (outcomeAt !== undefined && outcomeAt < request.at) observations.repeatsAfterOutcome += 1;
    }
    seen.add(request.key);
  }
  return observations;
}

function runOf(writes: readonly Write[], stepRunId: string): string | null {
  return writes.find((write) => write.stepRuns.some((stepRun) => stepRun.id === stepRunId))?.runId ?? null;
}
