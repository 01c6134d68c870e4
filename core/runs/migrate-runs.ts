import { AppError, ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import { LIMITS } from "../domain/limits";
import { LIVE_RUN_STATUSES, type RunStatus } from "../domain/statuses";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import type { Incompatibility } from "./upgrade-check";
import { type UpgradeOutcome, upgradeRun } from "./upgrade-run";

export interface MigrateRequest {
  toDefinitionId: string;
  statuses?: RunStatus[] | undefined;
  dryRun: boolean;
  page?: number | undefined;
}

export interface MigratedRun {
  runId: string;
  status: RunStatus;
  fromDefinitionId: string;
  outcome: UpgradeOutcome | "refused";
  incompatibilities: Incompatibility[];
  /** Why a run was refused other than for incompatibilities (it ended meanwhile). */
  error?: string;
}

/**
 * POST /v1/workflow-definitions/:id/migrate-runs (docs/flow.md): the upgrade of each live run created on the
 * definition (its list, whatever version each follows now) to `toDefinitionId`, one run at a time through
 * the same checked operation, with a report per run. One request examines one page of the definition's runs
 * (LIMITS.migrateRunsPerRequest, newest first), so its work is bounded; `hasMore` says another page exists.
 */
export async function migrateRuns(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  definitionId: string,
  request: MigrateRequest,
) {
  const [from, to] = await Promise.all([
    deps.store.definitions.get(workspaceId, definitionId),
    deps.store.definitions.get(workspaceId, request.toDefinitionId),
  ]);
  if (!from || !to) throw new NotFoundError("Workflow definition");
  if (to.name !== from.name) {
    throw new ValidationError(`Definition ${to.id} is "${to.name}", not a version of "${from.name}"`, {
      details: { issues: [{ path: "toDefinitionId", message: "must be a version of the same workflow" }] },
    });
  }
  const statuses = request.statuses ?? LIVE_RUN_STATUSES;
  const page = request.page ?? 1;
  const pageSize = LIMITS.migrateRunsPerRequest;
  const { items, total } = await deps.store.runs.list(workspaceId, { definitionId }, page, pageSize);
  const results: MigratedRun[] = [];
  for (const run of items.filter((candidate) => statuses.includes(candidate.status))) {
    const base = { runId: run.id, status: run.status, fromDefinitionId: run.definitionId };
    try {
      const report = await upgradeRun(
        deps,
        workspaceId,
        run.id,
        { definitionId: to.id, dryRun: request.dryRun },
        to,
      );
      results.push({ ...base, outcome: report.outcome, incompatibilities: report.incompatibilities });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const incompatibilities =
        error instanceof ConflictError ? ((error.details?.incompatibilities as Incompatibility[]) ?? []) : [];
      results.push({
        ...base,
        outcome: "refused",
        incompatibilities,
        ...(incompatibilities.length === 0 ? { error: error.message } : {}),
      });
    }
  }
  return { page, pageSize, total, hasMore: page * pageSize < total, results };
}
