/**
 * What travels on the step queue. A message is only a doorbell: "look at this run". Everything the engine
 * decides comes from the run's item in DynamoDB, so a message that arrives twice, late or never changes
 * nothing that the store does not already say (the sweeper rings for the ones that never arrive).
 */
export interface RunDoorbell {
  type: "run.advance";
  workspaceId: string;
  runId: string;
}

export type EngineMessage = RunDoorbell;

export function runDoorbell(workspaceId: string, runId: string): RunDoorbell {
  return { type: "run.advance", workspaceId, runId };
}
