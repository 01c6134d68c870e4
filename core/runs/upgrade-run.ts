import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import { LIVE_RUN_STATUSES, RunStatus } from "../domain/statuses";
import type { StoredWorkflowDefinition } from "../domain/workflow-definition-record";
import type { CommitDeps } from "../engine/commit-run";
import { landUpgrade } from "../engine/rules/upgrade-landing";
import type { Deps } from "../ports/deps";
import { changeRun } from "./change-run";
import { checkUpgrade, type Incompatibility } from "./upgrade-check";

export interface UpgradeRequest {
  definitionId: string;
  dryRun?: boolean | undefined;
  /** The step of the new version the run continues at once the step it is on ends (or at once, between steps). */
  continueAt?: string | undefined;
}

/**
 * `landed`: the run follows the new version now (it was between steps); `pending`: it will once its active
 * step ends; `unchanged`: it follows that version already; `compatible` / `incompatible`: a dry run's verdict.
 */
export type UpgradeOutcome = "landed" | "pending" | "unchanged" | "compatible" | "incompatible";

export interface UpgradeReport {
  runId: string;
  fromDefinitionId: string;
  toDefinitionId: string;
  outcome: UpgradeOutcome;
  incompatibilities: Incompatibility[];
}

/** Ends the change without a commit: a dry run, or an upgrade with nothing to do. */
class Answered extends Error {
  constructor(readonly report: UpgradeReport) {
    super(report.outcome);
  }
}

/**
 * POST /v1/workflow-runs/:id/upgrade (docs/flow.md): moves a live run to another version of its definition's
 * name at its next step boundary, through the commit pipeline. A run between steps moves in this commit; a
 * run on a step is marked, and the engine lands the upgrade when that step ends. Refused with 409 and the
 * list when the check finds anything in the way; a definition of another name is a 400.
 */
export async function upgradeRun(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  runId: string,
  request: UpgradeRequest,
  known?: StoredWorkflowDefinition,
): Promise<UpgradeReport> {
  const target = known ?? (await deps.store.definitions.get(workspaceId, request.definitionId));
  if (!target) throw new NotFoundError("Workflow definition");
  const { continueAt } = request;
  if (continueAt !== undefined && !target.stepsJson.some((step) => step.name === continueAt)) {
    throw new ValidationError(`Definition ${target.id} has no step "${continueAt}" to continue at`, {
      details: { issues: [{ path: "continueAt", message: "must be a step of the new version" }] },
    });
  }
  try {
    const { before, after } = await changeRun(
      deps,
      workspaceId,
      runId,
      async (run, tx) => {
        if (!LIVE_RUN_STATUSES.includes(run.status)) {
          throw new ConflictError(`A ${run.status} run cannot be upgraded; only a live run can`);
        }
        if (run.scope) {
          throw new ConflictError(
            "A parallel branch's or map item's run follows its parent's version; upgrade the parent",
          );
        }
        const current = await deps.store.definitions.get(workspaceId, run.definitionId);
        if (!current) throw new NotFoundError("Workflow definition");
        if (current.name !== target.name) {
          throw new ValidationError(
            `Definition ${target.id} is "${target.name}"; the run's is "${current.name}"`,
            {
              details: {
                issues: [{ path: "definitionId", message: "must be a version of the run's workflow" }],
              },
            },
          );
        }
        const report = (outcome: UpgradeOutcome, incompatibilities: Incompatibility[] = []) => ({
          runId,
          fromDefinitionId: run.definitionId,
          toDefinitionId: target.id,
          outcome,
          incompatibilities,
        });
        if (run.definitionId === target.id && continueAt !== undefined) {
          throw new ValidationError("continueAt moves a run to another version; this is the run's own", {
            details: { issues: [{ path: "continueAt", message: "only with another version" }] },
          });
        }
        const pendingTo = run.upgrade?.definitionId;
        if (run.definitionId === target.id && pendingTo === undefined)
          throw new Answered(report("unchanged"));
        if (pendingTo === target.id && run.upgrade?.continueAt === continueAt)
          throw new Answered(report("unchanged"));
        const incompatibilities =
          run.definitionId === target.id
            ? []
            : checkUpgrade(run, current.stepsJson, target.stepsJson, continueAt);
        if (request.dryRun) {
          throw new Answered(
            report(incompatibilities.length > 0 ? "incompatible" : "compatible", incompatibilities),
          );
        }
        if (incompatibilities.length > 0) {
          throw new ConflictError(
            `The run cannot move to definition ${target.id}: ${incompatibilities.map((i) => i.message).join("; ")}`,
            { details: { incompatibilities } },
          );
        }
        if (run.definitionId === target.id) delete tx.run.upgrade;
        else
          tx.run.upgrade = {
            definitionId: target.id,
            requestedAt: tx.now,
            ...keptBoundary(run.upgrade),
            ...(continueAt === undefined ? {} : { continueAt }),
          };
        const atBoundary =
          run.status === RunStatus.Pending || (run.status === RunStatus.Running && !run.active);
        if (atBoundary) landUpgrade(tx, target.stepsJson);
        return undefined;
      },
      { ringDoorbell: true },
    );
    return {
      runId,
      fromDefinitionId: before.definitionId,
      toDefinitionId: target.id,
      outcome: after.upgrade ? "pending" : "landed",
      incompatibilities: [],
    };
  } catch (error) {
    if (error instanceof Answered) return error.report;
    throw error;
  }
}

/** A pending upgrade replaced keeps the step boundary the run has reached. */
function keptBoundary(upgrade: { after?: string } | undefined): { after?: string } {
  return upgrade?.after === undefined ? {} : { after: upgrade.after };
}
