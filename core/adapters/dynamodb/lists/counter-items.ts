import type { RunRecord } from "../../../domain/run-record";

/**
 * The counters' scopes (run-counters.ts): a workspace's runs, a definition's, a parent's children; and the
 * run counter a new workspace starts with, which also says where it counts ended runs (ended-counts.ts).
 */
export const runsCounterScope = "RUNS";
export const definitionCounterScope = (definitionId: string) => `DEF#${definitionId}`;
export const childrenCounterScope = (parentRunId: string) => `CHILDREN#${parentRunId}`;

/**
 * The counters a creation numbers its run in: the workspace's and the definition's, or, for a child run,
 * its parent's alone (both numbers are then the same; only gsi1, under the parent, uses it).
 */
export function creationScopes(run: Pick<RunRecord, "definitionId" | "parent">): [string, string] {
  if (run.parent) {
    const scope = childrenCounterScope(run.parent.runId);
    return [scope, scope];
  }
  return [runsCounterScope, definitionCounterScope(run.definitionId)];
}

/** A new workspace's run counter: no runs, and every run's end counted. */
export const countingFromTheStart = {
  entity: "RunCounter",
  count: 0,
  endedFrom: 0,
  definitionsEndedFrom: 0,
  keysEndedFrom: 0,
};
