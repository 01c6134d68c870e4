import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import { runDoorbell } from "../domain/run-messages";
import { RunStatus } from "../domain/statuses";
import { applyOutcome } from "../engine/apply-outcome";
import { wakeScheduleName } from "../engine/wake";
import type { Deps } from "../ports/deps";
import { changeRun } from "./change-run";
import { refuseOutOfBounds } from "./refuse-out-of-bounds";

/**
 * Delivers a signal to a run waiting at an `external_event` step (spec 4.4 rule 3): the payload becomes the
 * step's output and the run continues. Not waiting for an event: 409; another signal type: 400.
 */
export async function resumeRun(
  deps: Pick<Deps, "store" | "clock" | "ids" | "queue" | "scheduler">,
  workspaceId: string,
  runId: string,
  signal: { signalType: string; payload: Record<string, unknown> },
): Promise<void> {
  const { before } = await changeRun(deps, workspaceId, runId, async (run, tx) => {
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
    return [];
  });
  await deps.queue.send(runDoorbell(workspaceId, runId));
  const schedule = wakeScheduleName(before);
  if (schedule) await deps.scheduler.cancel(schedule);
}
