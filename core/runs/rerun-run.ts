import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import { jsonBytes } from "../domain/json-bounds";
import { LIMITS } from "../domain/limits";
import type { StepRun } from "../domain/run";
import type { RunRecord } from "../domain/run-record";
import { LIVE_RUN_STATUSES, StepRunStatus } from "../domain/statuses";
import type { StepDefinition } from "../domain/step";
import { stateWrittenBy } from "../domain/step-state-keys";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { createRun } from "./create-run";

export interface RerunRequest {
  fromStep: string;
  input?: Record<string, unknown> | undefined;
  statePatch?: Record<string, unknown> | undefined;
  definitionId?: string | undefined;
  idempotencyKey?: string | undefined;
}

/**
 * POST /v1/workflow-runs/:id/rerun (docs/flow.md, "Rerun from a step"): a new run, created through the runs'
 * creation path and linked by `rerunOf`, on the source's definition or another version of its name. The
 * steps before `fromStep` in that version which the source completed are copied (their latest completion),
 * never executed again; the state is the input plus what those steps wrote, then `statePatch` over it.
 * Only a run that has ended (COMPLETED, FAILED, CANCELLED, SUPERSEDED) may be rerun.
 */
export async function rerunRun(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  runId: string,
  request: RerunRequest,
): Promise<{ run: RunRecord; created: boolean }> {
  const source = await deps.store.runs.get(workspaceId, runId);
  if (!source) throw new NotFoundError("Workflow run");
  if (LIVE_RUN_STATUSES.includes(source.status)) {
    throw new ConflictError(`A ${source.status} run cannot be rerun until it has ended; cancel it first`);
  }
  if (source.scope) {
    // Its steps are a list nested in its parent's definition, and its state its parent's (docs/flow.md).
    throw new ConflictError(
      "A parallel branch's or map item's run cannot be rerun on its own; rerun its parent",
    );
  }
  const ran = await deps.store.definitions.get(workspaceId, source.definitionId);
  if (!ran) throw new NotFoundError("Workflow definition");
  const target = request.definitionId
    ? await deps.store.definitions.get(workspaceId, request.definitionId)
    : ran;
  if (!target) throw new NotFoundError("Workflow definition");
  if (target.name !== ran.name) {
    throw invalid("definitionId", `Definition ${target.id} is "${target.name}"; the run's is "${ran.name}"`);
  }
  const fromIndex = target.stepsJson.findIndex((step) => step.name === request.fromStep);
  if (fromIndex === -1) {
    throw invalid("fromStep", `The definition has no step "${request.fromStep}"`);
  }

  const before = new Set(target.stepsJson.slice(0, fromIndex).map((step) => step.name));
  const copied = latestCompletions(await deps.store.runs.stepRuns(source), before);
  const copiedBytes = jsonBytes(copied);
  if (copiedBytes > LIMITS.rerunCopiedBytes) {
    throw invalid(
      "fromStep",
      `The steps before "${request.fromStep}" hold ${copiedBytes} bytes; a rerun copies at most ${LIMITS.rerunCopiedBytes}`,
    );
  }
  const input = request.input ?? source.input;
  const state = rebuildState(input, copied, [...ran.stepsJson, ...target.stepsJson]);
  Object.assign(state, request.statePatch);
  const stateBytes = jsonBytes(state);
  if (stateBytes > LIMITS.stateBytes) {
    throw invalid(
      "statePatch",
      `The rerun's state would take ${stateBytes} bytes; it may hold at most ${LIMITS.stateBytes}`,
      "STATE_TOO_LARGE",
    );
  }
  return createRun(
    deps,
    workspaceId,
    { definitionId: target.id, input, idempotencyKey: request.idempotencyKey, supersedeExisting: false },
    { rerun: { of: source.id, state, start: { fromStep: request.fromStep, copied } } },
  );
}

/** Of each named step, the source's last completed step run, in the order they ran. */
function latestCompletions(stepRuns: readonly StepRun[], names: ReadonlySet<string>): StepRun[] {
  const latest = new Map<string, StepRun>();
  for (const stepRun of stepRuns) {
    if (stepRun.status === StepRunStatus.Completed && names.has(stepRun.stepName)) {
      latest.delete(stepRun.stepName);
      latest.set(stepRun.stepName, stepRun);
    }
  }
  return [...latest.values()];
}

/** The state the copied steps left: the input, then what each wrote, as the step it ran as writes it. */
function rebuildState(
  input: Record<string, unknown>,
  copied: readonly StepRun[],
  steps: readonly StepDefinition[],
): Record<string, unknown> {
  const state: Record<string, unknown> = { input };
  for (const stepRun of copied) {
    const step = steps.find((candidate) => candidate.name === stepRun.stepName);
    if (step && stepRun.output) Object.assign(state, stateWrittenBy(step, stepRun.output));
  }
  return state;
}

function invalid(path: string, message: string, code?: string): ValidationError {
  return new ValidationError(message, {
    details: { ...(code ? { code } : {}), issues: [{ path, message }] },
  });
}
