import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import type { StartedWith } from "../domain/identity";
import { type NewRunFields, pendingRun } from "../domain/new-run";
import type { CreateRunInput } from "../domain/run";
import { runDoorbell } from "../domain/run-messages";
import type { RunRecord } from "../domain/run-record";
import { isoAt } from "../domain/time";
import { afterCommit, type CommitDeps, ringBeforeCommit } from "../engine/commit-run";
import { scheduleWake } from "../engine/wake";
import type { Deps } from "../ports/deps";
import type { DebounceWindowRef, RunCreation, RunNumbers, RunsStore } from "../ports/store";
import { debounceOf, joinDebounceWindow, newWindow } from "./debounce-window";
import { type SupersessionChange, supersedeChanges } from "./supersede";
import { trafficFields } from "./traffic-fields";

/** Creations racing on one supersession key retry; past this many lost races the caller gets a 409. */
const MAX_ATTEMPTS = 30;

/**
 * Creates a PENDING run and rings its doorbell. With an idempotency key the first request creates and every
 * later one (even a concurrent one) gets that run back with `created: false`. A rerun (rerun-run.ts) is
 * created the same way, with where it starts and what it copies.
 *
 * A debounced creation (its own `debounce`, else its definition's) joins the key's open window if there is
 * one (`debounced: true`, the window's run) and otherwise opens one: a run that waits for its wake-up.
 *
 * With `writesAfter` (the API key's lookup, still on its way: docs/data-model.md, "Authenticate a request"),
 * the creation reads and takes its numbers beside it and writes nothing else until it settles; if it rejects,
 * the numbers are given up and the creation rejects with its reason.
 */
export async function createRun(
  deps: CommitDeps,
  workspaceId: string,
  input: CreateRunInput,
  options: { rerun?: NewRunFields["rerun"]; writesAfter?: Promise<void>; startedWith?: StartedWith } = {},
): Promise<{ run: RunRecord; created: boolean; debounced?: true }> {
  const { rerun, writesAfter, startedWith } = options;
  refuseLoneSupersedeMode(input);
  const definition = await deps.store.definitions.get(workspaceId, input.definitionId);
  if (!definition) throw new NotFoundError("Workflow definition");
  const debounce = rerun
    ? undefined
    : debounceOf(input.debounce ?? definition.debounce, definition.id, input.input);
  const runId = deps.ids("run");
  const admission = trafficFields(definition, input);
  // Joining a debounce window is a write of its own, before the run's numbers are taken.
  if (debounce) await writesAfter;

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await findByIdempotencyKey(deps, workspaceId, input.idempotencyKey);
    if (existing) return { run: existing, created: false };
    let debounceFollows: DebounceWindowRef | undefined;
    if (debounce) {
      const joined = await joinDebounceWindow(deps, workspaceId, debounce, input);
      if (joined.kind === "joined") return { run: joined.run, created: false, debounced: true };
      if (joined.kind === "conflict") {
        await spreadOut(deps, attempt);
        continue;
      }
      debounceFollows = joined.follows;
    }

    const run = pendingRun({
      id: runId,
      workspaceId,
      definitionId: definition.id,
      input: input.input,
      idempotencyKey: input.idempotencyKey ?? null,
      supersessionKey: input.supersessionKey ?? null,
      createdAt: isoAt(deps.clock.nowMs()),
      startedBy: input.startedBy,
      startedWith,
      threadId: input.threadId,
      budget: input.budget ?? definition.budget,
      rerun,
      ...(debounce ? { debounceWindow: newWindow(debounce, deps.clock.nowMs()) } : {}),
      admission,
    });
    let supersession: SupersessionChange[] = [];
    const supersessionKey = input.supersedeExisting ? input.supersessionKey : undefined;
    const supersede = async () => {
      if (supersessionKey === undefined) return [];
      supersession = await supersedeChanges(deps, workspaceId, supersessionKey, runId, input.supersedeMode);
      const changes = supersession.map(({ change }) => change);
      // Committed with the creation: a superseded parent's follow-up goes before, as commitRun's does.
      for (const change of changes) await ringBeforeCommit(deps, change);
      return changes;
    };
    const numbers = writesAfter && (await numberedBeside(deps, run, writesAfter));
    const outcome = await deps.store.runs.create({
      run,
      supersede,
      ...(debounce ? { debounceFollows } : {}),
      ...(numbers ? { numbers } : {}),
    });
    if (outcome.kind === "idempotent") {
      const winner = await deps.store.runs.get(workspaceId, outcome.runId);
      if (winner) return { run: winner, created: false };
    }
    if (outcome.kind !== "created") {
      // A lost race on the supersession or debounce key, or a superseded run that moved meanwhile.
      await spreadOut(deps, attempt);
      continue;
    }
    for (const { change, ended } of supersession) {
      await afterCommit(deps, change, ended ? { cancelScheduleOf: ended } : {});
    }
    // A debounced run is rung when its window closes; the sweep index has it too (run-due.ts).
    if (outcome.run.debounceWindow) await scheduleWake(deps, outcome.run);
    else await deps.queue.send(runDoorbell(workspaceId, runId, input.priority));
    return { run: outcome.run, created: true };
  }
  throw new ConflictError("Too many concurrent run creations with this supersession or debounce key; retry");
}

/** Before reading everything afresh: a random pause, so that racing creators spread out instead of colliding again. */
function spreadOut(deps: Pick<Deps, "clock" | "random">, attempt: number): Promise<void> {
  return deps.clock.sleep(deps.random() * 10 * (attempt + 1));
}

/** `supersedeMode` says how to supersede: without a key and supersedeExisting it would silently do nothing. */
function refuseLoneSupersedeMode(input: CreateRunInput): void {
  if (input.supersedeMode === undefined || (input.supersedeExisting && input.supersessionKey !== undefined))
    return;
  throw new ValidationError("supersedeMode needs a supersessionKey and supersedeExisting: true", {
    details: {
      issues: [{ path: "supersedeMode", message: "give supersessionKey and supersedeExisting: true" }],
    },
  });
}

async function findByIdempotencyKey(
  deps: { store: RunsStore },
  workspaceId: string,
  idempotencyKey: string | undefined,
): Promise<RunRecord | undefined> {
  if (idempotencyKey === undefined) return undefined;
  const runId = await deps.store.runs.runIdForIdempotencyKey(workspaceId, idempotencyKey);
  return runId ? deps.store.runs.get(workspaceId, runId) : undefined;
}

/** The run's numbers, taken while its go-ahead settles; refused, they are given back and the refusal thrown. */
async function numberedBeside(
  deps: CommitDeps,
  run: RunCreation["run"],
  writesAfter: Promise<void>,
): Promise<RunNumbers> {
  const [numbered, cleared] = await Promise.allSettled([deps.store.runs.number(run), writesAfter]);
  if (numbered.status === "rejected") throw numbered.reason;
  if (cleared.status === "rejected") {
    await deps.store.runs.giveUpNumbers(run, numbered.value);
    throw cleared.reason;
  }
  return numbered.value;
}
