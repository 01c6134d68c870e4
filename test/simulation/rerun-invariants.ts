import type { StoredEvent } from "../../core/domain/run-history";
import type { RunRecord } from "../../core/domain/run-record";
import type { Flag } from "./invariants";

/**
 * A rerun starts at its `fromStep`, and the steps it copied are never executed (no STEP_STARTED for them).
 */
export function rerunsCopy(run: RunRecord, events: readonly StoredEvent[], flag: Flag): void {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const fromStep = ordered.find((event) => event.eventType === "WORKFLOW_STARTED")?.payload.fromStep;
  if (fromStep === undefined) return;
  const copied = new Set(ordered.filter((e) => e.eventType === "STEP_COPIED").map((e) => e.stepRunId));
  const started = ordered.filter((event) => event.eventType === "STEP_STARTED");
  if (started[0] && started[0].payload.stepName !== fromStep) {
    flag("reruns start at fromStep", run.id, `started at ${started[0].payload.stepName}, not ${fromStep}`);
  }
  for (const event of started) {
    if (copied.has(event.stepRunId)) {
      flag("copied steps never run", run.id, `#${event.seq} started copied step run ${event.stepRunId}`);
    }
  }
}
