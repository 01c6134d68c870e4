import { ConflictError, ValidationError } from "../domain/errors";
import { acceptSignal, waitedTypes } from "../domain/signals";
import { RunStatus } from "../domain/statuses";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { changeRun } from "./change-run";
import { deliverSignal } from "./deliver-signal";
import { runSteps } from "./run-steps";

/**
 * Delivers a signal to a run waiting at an `external_event` step (spec 4.4 rule 3): the payload becomes the
 * step's output and the run continues. Not waiting for an event: 409; another signal type: 400. A step
 * waiting for several types takes any of them (docs/flow.md).
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
      const accepted = acceptSignal(wait, signal.signalType, signal.payload);
      if (accepted.kind === "refused") {
        const expected = waitedTypes(wait)
          .filter((type) => wait.received?.[type] === undefined)
          .map((type) => `"${type}"`)
          .join(" or ");
        throw new ValidationError(
          `The run is waiting for signal type ${expected}, not "${signal.signalType}"`,
          {
            details: { issues: [{ path: "signalType", message: `expected ${expected}` }] },
          },
        );
      }
      deliverSignal(tx, await runSteps(deps.store, run), signal.signalType, accepted, deps.ids);
      return undefined;
    },
    { ringDoorbell: true, cancelSchedule: true },
  );
}
