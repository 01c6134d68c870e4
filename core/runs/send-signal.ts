import { ConflictError } from "../domain/errors";
import { jsonBytes } from "../domain/json-bounds";
import { LIMITS } from "../domain/limits";
import { acceptSignal, setSignals } from "../domain/signals";
import { LIVE_RUN_STATUSES, RunStatus } from "../domain/statuses";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { changeRun } from "./change-run";
import { deliverSignal } from "./deliver-signal";
import { runSteps } from "./run-steps";

export interface Signal {
  signalType: string;
  payload: Record<string, unknown>;
  /** Makes sending idempotent: a signal with an id the run has seen is not applied again. */
  id?: string | undefined;
}

export type SignalStatus = "delivered" | "buffered" | "duplicate";

class Duplicate extends Error {}

/**
 * POST /v1/workflow-runs/:id/signals (docs/flow.md): accepted for any live run. A step waiting for the
 * type takes it at once; otherwise the run keeps it (bounded) until a step waiting for its type starts.
 * The spec's POST .../resume keeps its own rules (409 when not waiting, 400 for another type).
 */
export async function sendSignal(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  runId: string,
  signal: Signal,
): Promise<SignalStatus> {
  let status: SignalStatus = "buffered";
  try {
    await changeRun(
      deps,
      workspaceId,
      runId,
      async (run, tx) => {
        if (!LIVE_RUN_STATUSES.includes(run.status)) {
          throw new ConflictError(`The run is ${run.status}; it takes no more signals`);
        }
        if (signal.id !== undefined) {
          if (run.signals?.ids?.includes(signal.id)) throw new Duplicate();
          setSignals(tx.run, "ids", [...(run.signals?.ids ?? []), signal.id].slice(-LIMITS.signalIdsKept));
        }
        const wait = run.active?.wait;
        const accepted =
          run.status === RunStatus.Waiting && wait?.kind === "signal"
            ? acceptSignal(wait, signal.signalType, signal.payload)
            : { kind: "refused" as const };
        if (accepted.kind !== "refused") {
          deliverSignal(tx, await runSteps(deps.store, run), signal.signalType, accepted, deps.ids);
          status = "delivered";
          return undefined;
        }
        const buffered = { id: signal.id ?? null, signalType: signal.signalType, payload: signal.payload };
        const inbox = [...(run.signals?.inbox ?? []), { ...buffered, receivedAt: tx.now }];
        if (inbox.length > LIMITS.bufferedSignals || jsonBytes(inbox) > LIMITS.bufferedSignalBytes) {
          throw new ConflictError(
            `The run already holds the most signals it keeps before a step takes them ` +
              `(${LIMITS.bufferedSignals}, ${LIMITS.bufferedSignalBytes} bytes)`,
          );
        }
        setSignals(tx.run, "inbox", inbox);
        tx.record("SIGNAL_BUFFERED", { signalType: signal.signalType, id: signal.id ?? null });
        status = "buffered";
        return undefined;
      },
      { ringDoorbell: true, cancelSchedule: true },
    );
  } catch (error) {
    if (error instanceof Duplicate) return "duplicate";
    throw error;
  }
  return status;
}
