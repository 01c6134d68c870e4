import type { WorkflowRun, WorkflowRunWithSteps } from "./schema.js";

/** Every status a run may have, in the order of its life. */
export const RUN_STATUSES = [
  "PENDING",
  "RUNNING",
  "WAITING",
  "PAUSED",
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "SUPERSEDED",
] as const satisfies readonly WorkflowRun["status"][];

/** The statuses a run stops at: nothing more happens to it unless someone retries a FAILED one. */
export const FINAL_STATUSES: readonly WorkflowRun["status"][] = [
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "SUPERSEDED",
];

/** How a run ended, with its failed step's error when it has one: `ended FAILED (step reply: …)`. */
export function describeEnd(run: WorkflowRunWithSteps): string {
  const failed = run.steps.findLast((step) => step.status === "FAILED" && step.error !== null);
  return `ended ${run.status}${failed ? ` (step ${failed.stepName}: ${failed.error})` : ""}`;
}
