import type { RunTransition } from "../../domain/run-change";
import { RunStatus } from "../../domain/statuses";
import type { StepDefinition } from "../../domain/step";
import { completeRun, failRun } from "./run-moves";

/**
 * Lands the run's pending upgrade at a step boundary (docs/flow.md, "Upgrading running workflows"): the run
 * follows `steps`, the new version's, from here on, with WORKFLOW_UPGRADED. The step that just ended is
 * followed by the one after its name in the new version, unless it chose its next step itself (a
 * condition, an approval's onReject); a step last in the new version completes the run. An upgrade that says
 * where the run continues (`continueAt`) starts that step next, whatever the step that ended chose.
 */
export function landUpgrade(tx: RunTransition, steps: readonly StepDefinition[]): void {
  const upgrade = tx.run.upgrade;
  if (!upgrade) return;
  delete tx.run.upgrade;
  const fromDefinitionId = tx.run.definitionId;
  tx.run.originalDefinitionId ??= fromDefinitionId;
  tx.run.definitionId = upgrade.definitionId;
  const after = upgrade.after;
  let missing = false;
  if (upgrade.continueAt !== undefined && !tx.run.active) tx.run.nextStepName = upgrade.continueAt;
  else if (after !== undefined && tx.run.nextStepName === null) {
    const index = steps.findIndex((step) => step.name === after);
    missing = index === -1;
    tx.run.nextStepName = missing ? null : (steps[index + 1]?.name ?? null);
  }
  tx.record("WORKFLOW_UPGRADED", {
    fromDefinitionId,
    toDefinitionId: upgrade.definitionId,
    nextStepName: tx.run.nextStepName,
  });
  if (tx.run.status !== RunStatus.Running || tx.run.active || tx.run.nextStepName !== null) return;
  // The check refused versions without the step; a definition is immutable, so this is only a guard.
  if (missing) failRun(tx, `Step "${after}" is not in the version the run was upgraded to`, after ?? null);
  else completeRun(tx);
}
