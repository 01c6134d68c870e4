import type { RunTransition } from "../../domain/run-change";
import { acceptSignal, type SignalWait, setSignals } from "../../domain/signals";

/**
 * A step that starts waiting for signals first takes those the run already holds (sent before it got
 * here), oldest first, each recorded as SIGNAL_RECEIVED: the wait as it stands after them, or the output
 * that completes the step.
 */
export function takeBufferedSignals(
  tx: RunTransition,
  wait: SignalWait,
  stepRunId: string,
): { wait: SignalWait } | { output: Record<string, unknown> } {
  const inbox = tx.run.signals?.inbox ?? [];
  let current = wait;
  const kept = [...inbox];
  for (const signal of inbox) {
    const accepted = acceptSignal(current, signal.signalType, signal.payload);
    if (accepted.kind === "refused") continue;
    kept.splice(kept.indexOf(signal), 1);
    const stepName = tx.requireActive().stepRun.stepName;
    tx.record("SIGNAL_RECEIVED", { stepName, signalType: signal.signalType, buffered: true }, stepRunId);
    if (accepted.kind === "done") {
      setSignals(tx.run, "inbox", kept);
      return { output: accepted.output };
    }
    current = accepted.wait;
  }
  setSignals(tx.run, "inbox", kept);
  return { wait: current };
}
