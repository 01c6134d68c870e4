import type { StoredEvent } from "../../core/domain/run-history";
import type { RunRecord } from "../../core/domain/run-record";
import { stepsInScope } from "../../core/domain/step-lists";
import type { StoredWorkflowDefinition } from "../../core/domain/workflow-definition-record";
import type { Write } from "./history";
import type { Flag } from "./invariants";

/**
 * Upgrades (docs/flow.md): one lands only between steps, from the version the run followed; every step the
 * run starts is a step of the version it follows then; the run ends on the version its last upgrade named;
 * and no run fails for want of a step, which the upgrade check is there to prevent.
 */
export function followsItsVersion(
  run: RunRecord,
  events: readonly StoredEvent[],
  definitions: readonly StoredWorkflowDefinition[],
  flag: Flag,
): void {
  const stepsOf = new Map(definitions.map((definition) => [definition.id, definition.stepsJson]));
  let current: string | undefined;
  const open = new Set<string>();
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    const { payload } = event;
    if (event.eventType === "WORKFLOW_STARTED") current = String(payload.definitionId);
    if (event.eventType === "STEP_STARTED") {
      open.add(event.stepRunId ?? "");
      // A branch's or item's run follows the nested list of its scope (docs/flow.md, "Child runs").
      const steps = stepsInScope(stepsOf.get(current ?? "") ?? [], run.scope);
      const known = steps?.some((step) => step.name === payload.stepName);
      if (!known) {
        flag(
          "runs follow their version",
          run.id,
          `#${event.seq} started ${payload.stepName}, not in ${current}`,
        );
      }
    }
    if (event.eventType === "STEP_COMPLETED") open.delete(event.stepRunId ?? "");
    if (event.eventType === "WORKFLOW_UPGRADED") {
      if (open.size > 0) {
        flag("upgrades land between steps", run.id, `#${event.seq} landed while ${[...open]} ran`);
      }
      if (current !== undefined && payload.fromDefinitionId !== current) {
        flag(
          "runs follow their version",
          run.id,
          `#${event.seq} upgraded from ${payload.fromDefinitionId}, on ${current}`,
        );
      }
      current = String(payload.toDefinitionId);
    }
    const error = event.eventType === "WORKFLOW_FAILED" ? String(payload.error) : "";
    if (/does not exist in the definition|is not in the version/.test(error)) {
      flag("runs follow their version", run.id, `#${event.seq} failed: ${error}`);
    }
  }
  if (current !== undefined && run.definitionId !== current) {
    flag("runs follow their version", run.id, `stored on ${run.definitionId}, its events end on ${current}`);
  }
}

/**
 * An upgrade asked for while a step was active lands when that step ends, before any other step starts
 * (its own retries may come first): after the last upgrade request that left one pending, no other step
 * run starts until WORKFLOW_UPGRADED.
 */
export function landsAtTheNextBoundary(
  run: RunRecord,
  events: readonly StoredEvent[],
  writes: readonly Write[],
  flag: Flag,
): void {
  const requests = writes.filter((write) => write.role === "upgrade");
  const last = requests.at(-1)?.pendingUpgrade;
  if (!last) return;
  const later = [...events].filter((event) => event.seq > last.eventSeq).sort((a, b) => a.seq - b.seq);
  for (const event of later) {
    if (event.eventType === "WORKFLOW_UPGRADED") return;
    if (event.eventType === "STEP_STARTED" && event.stepRunId !== last.activeStepRunId) {
      flag(
        "upgrades land at the next step boundary",
        run.id,
        `#${event.seq} started ${String(event.payload.stepName)} with the upgrade to ${last.definitionId} pending`,
      );
      return;
    }
  }
}
