import { ConflictError, NotFoundError } from "../domain/errors";
import type { CreateRunInput } from "../domain/run";
import { runDoorbell } from "../domain/run-messages";
import type { RunRecord } from "../domain/run-record";
import { RunStatus } from "../domain/statuses";
import { isoAt } from "../domain/time";
import { afterCommit } from "../engine/after-commit";
import { wakeScheduleName } from "../engine/wake";
import type { Deps } from "../ports/deps";
import { WriteConflict } from "../store/write-conflict";
import { supersedeCommits } from "./supersede";

/** Creations racing on one workspace's counters retry; past this many lost races the caller gets a 409. */
const MAX_ATTEMPTS = 30;

/**
 * Creates a PENDING run and rings its doorbell. With an idempotency key the first request creates and every
 * later one (even a concurrent one) gets that run back with `created: false`.
 */
export async function createRun(
  deps: Pick<Deps, "store" | "clock" | "ids" | "queue" | "scheduler">,
  workspaceId: string,
  input: CreateRunInput,
): Promise<{ run: RunRecord; created: boolean }> {
  const definition = await deps.store.definitions.get(workspaceId, input.definitionId);
  if (!definition) throw new NotFoundError("Workflow definition");
  const runId = deps.ids("run");

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await findByIdempotencyKey(deps, workspaceId, input.idempotencyKey);
    if (existing) return { run: existing, created: false };

    const counters = await deps.store.runCreation.counters(workspaceId, definition.id);
    const now = isoAt(deps.clock.nowMs());
    const run: RunRecord = {
      id: runId,
      workspaceId,
      definitionId: definition.id,
      status: RunStatus.Pending,
      input: input.input,
      output: null,
      idempotencyKey: input.idempotencyKey ?? null,
      supersessionKey: input.supersessionKey ?? null,
      currentStepName: null,
      createdAt: now,
      updatedAt: now,
      state: { input: input.input },
      version: 1,
      eventSeq: 0,
      stepRunSeq: 0,
      stepsExecuted: 0,
      active: null,
      nextStepName: null,
      startedAtMs: null,
      seq: counters.runs + 1,
      defSeq: counters.definitionRuns + 1,
    };
    const supersession =
      input.supersedeExisting && input.supersessionKey
        ? await supersedeCommits(deps, workspaceId, input.supersessionKey, runId)
        : { commits: [], extra: [], superseded: [] };
    try {
      await deps.store.runs.commit(supersession.commits, [
        ...deps.store.runCreation.createActions(run, counters),
        ...supersession.extra,
      ]);
    } catch (error) {
      // A lost idempotency claim is answered by the lookup at the top of the loop; a lost counter race, or a
      // superseded run that moved meanwhile, by reading everything afresh after a random pause, so that
      // racing creators spread out instead of colliding again.
      if (!(error instanceof WriteConflict)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
      continue;
    }
    await afterCommit(deps, supersession.commits);
    await deps.queue.send(runDoorbell(workspaceId, runId));
    for (const superseded of supersession.superseded) {
      const name = wakeScheduleName(superseded);
      if (name) await deps.scheduler.cancel(name);
    }
    return { run, created: true };
  }
  throw new ConflictError("Too many concurrent run creations in this workspace; retry");
}

async function findByIdempotencyKey(
  deps: Pick<Deps, "store">,
  workspaceId: string,
  idempotencyKey: string | undefined,
): Promise<RunRecord | undefined> {
  if (idempotencyKey === undefined) return undefined;
  const runId = await deps.store.runCreation.runIdForIdempotencyKey(workspaceId, idempotencyKey);
  return runId ? deps.store.runs.get(workspaceId, runId) : undefined;
}
