import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import { RunStatus } from "../domain/statuses";
import { applyOutcome } from "../engine/apply-outcome";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { changeRun } from "./change-run";
import { refuseOutOfBounds } from "./refuse-out-of-bounds";

/**
 * Delivers a signal to a run waiting at an `external_event` step (spec 4.4 rule 3): the payload becomes the
 * step's output and the run continues. Not waiting for an event: 409; another signal type: 400.
 */
export async function resumeRun(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  runId: string,
  signal: { signalType: string; payload: Record<string, unknown> },
): Promise<void> {
  await changeRun(
    deps,
    workspaceId,
    runId,
    async (run, tx) => {
      const wait = run.active?.wait;
      if (run.status !== RunStatus.Waiting || wait?.kind !== "signal") {
        throw new ConflictError("The run is not waiting for an external event");
      }
      if (wait.signalType !== signal.signalType) {
        throw new ValidationError(
          `The run is waiting for signal type "${wait.signalType}", not "${signal.signalType}"`,
          {
            details: { issues: [{ path: "signalType", message: `expected "${wait.signalType}"` }] },
          },
        );
      }
      const definition = await deps.store.definitions.get(workspaceId, run.definitionId);
      if (!definition) throw new NotFoundError("Workflow definition");
      const stepRunId = tx.requireActive().stepRun.id;
      tx.record(
        "SIGNAL_RECEIVED",
        { stepName: tx.requireActive().stepRun.stepName, signalType: signal.signalType },
        stepRunId,
      );
      const outcome = { kind: "completed", output: signal.payload } as const;
      refuseOutOfBounds(run, definition.stepsJson, outcome, "payload");
      applyOutcome(tx, definition.stepsJson, outcome, deps.ids);
      return undefined;
    },
    { ringDoorbell: true, cancelSchedule: true },
  );
}
