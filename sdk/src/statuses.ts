import type { WorkflowRun } from "./schema.js";

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
