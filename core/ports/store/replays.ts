import type { StepReplay } from "../../domain/replay";

export interface ReplayStore {
  put(workspaceId: string, replay: StepReplay): Promise<void>;
  /** A step's replays in a run, oldest first (at most `limit`). */
  list(workspaceId: string, runId: string, stepName: string, limit: number): Promise<StepReplay[]>;
}
