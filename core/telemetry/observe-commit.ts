import type { RunCommit } from "../domain/run-commit";
import type { Logger } from "../ports/logger";
import type { Telemetry } from "../ports/telemetry";
import { metricsOf } from "./run-metrics";
import { spansOf } from "./run-spans";

/**
 * Hands a committed change's spans and metrics to the telemetry port. Telemetry is never a reason for a
 * run to stop: whatever goes wrong here is logged and the commit's other effects go on.
 */
export function observeCommit(deps: { telemetry: Telemetry; log: Logger }, commit: RunCommit): void {
  try {
    deps.telemetry.spans(spansOf(commit));
    deps.telemetry.metrics(metricsOf(commit));
  } catch (error) {
    deps.log.warn({ err: error, runId: commit.run.id }, "telemetry of a commit failed");
  }
}
