import { NotFoundError } from "../domain/errors";
import { matchesFilter } from "../domain/json-filter";
import type { WorkflowRun } from "../domain/run";
import { toWorkflowRun } from "../domain/run-view";
import type { SendEventInput } from "../domain/trigger";
import { type TriggerRecord, triggerRunKey } from "../domain/trigger-record";
import { TriggerStatus } from "../domain/trigger-status";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { createRun } from "../runs/create-run";
import { admitRunCreation, type RunQuotaDeps, runQuotasSet } from "../runs/run-quotas";

/** How long an event id is remembered: a repeat within it starts nothing. */
export const EVENT_ID_KEPT_MS = 24 * 60 * 60 * 1000;

export interface SentEvent {
  id: string;
  name: string;
  /** The runs this request started (a repeated id starts none). */
  runs: WorkflowRun[];
}

/**
 * Starts a run of every active event trigger whose `eventName` is the event's and whose filter its payload
 * passes, with the event (`{id, name, payload}`) as input. With an `id`, the triggers it matched are claimed
 * under that id for 24 hours, and each run's idempotency key is `event:<id>:<trigger id>`: a repeat (or a
 * retry after a crash halfway) starts only what the first send did not, for the triggers the first send
 * matched. The runs it would start are admitted together under the workspace's run quotas first: past one,
 * it answers 429 and starts none (with an `id`, a retry starts them once the quota allows).
 */
export async function sendEvent(
  deps: CommitDeps & Pick<Deps, "ids"> & RunQuotaDeps,
  workspaceId: string,
  event: SendEventInput,
): Promise<SentEvent> {
  const all = await deps.store.triggers.list(workspaceId);
  let targets = all.filter(
    (trigger) =>
      trigger.type === "event" &&
      trigger.status === TriggerStatus.Active &&
      trigger.eventName === event.name &&
      matchesFilter(trigger.filter, event.payload),
  );
  const id = event.id ?? deps.ids("sentEvent");
  let repeat = false;
  if (event.id !== undefined) {
    const nowMs = deps.clock.nowMs();
    const ids = targets.map((trigger) => trigger.id);
    const claim = await deps.store.triggers.claimEvent(workspaceId, id, ids, nowMs, nowMs + EVENT_ID_KEPT_MS);
    if (claim.kind === "seen") {
      targets = all.filter((trigger) => claim.triggerIds.includes(trigger.id));
      repeat = true;
    }
  }
  if (runQuotasSet(deps.config)) {
    // A repeat creates only the runs the first send did not: only those count.
    const starting = repeat ? await unstarted(deps, workspaceId, id, targets) : targets;
    if (starting.length > 0) await admitRunCreation(deps, workspaceId, starting.length);
  }
  return startRuns(deps, workspaceId, { id, event, targets });
}

async function unstarted(
  deps: Pick<CommitDeps, "store">,
  workspaceId: string,
  eventId: string,
  targets: TriggerRecord[],
): Promise<TriggerRecord[]> {
  const started = await Promise.all(
    targets.map((trigger) =>
      deps.store.runs.runIdForIdempotencyKey(workspaceId, eventRunKey(eventId, trigger.id)),
    ),
  );
  return targets.filter((_, index) => started[index] === undefined);
}

async function startRuns(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  { id, event, targets }: { id: string; event: SendEventInput; targets: TriggerRecord[] },
): Promise<SentEvent> {
  const runs: WorkflowRun[] = [];
  for (const trigger of targets) {
    const run = await startRun(
      deps,
      workspaceId,
      trigger,
      { id, name: event.name, payload: event.payload },
      event.id,
    );
    if (run) runs.push(toWorkflowRun(run));
  }
  return { id, name: event.name, runs };
}

/** The trigger's run, when this call created it. */
async function startRun(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  trigger: TriggerRecord,
  input: Record<string, unknown>,
  eventId: string | undefined,
) {
  try {
    const { run, created } = await createRun(deps, workspaceId, {
      definitionId: trigger.definitionId,
      input,
      ...(eventId === undefined ? {} : { idempotencyKey: eventRunKey(eventId, trigger.id) }),
      supersessionKey: triggerRunKey(trigger.id),
      supersedeExisting: false,
    });
    return created ? run : undefined;
  } catch (error) {
    // Definitions are never deleted; should one be, its trigger starts nothing rather than failing the send.
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The idempotency key of the run an event with an `id` starts for a trigger. */
function eventRunKey(eventId: string, triggerId: string): string {
  return `event:${eventId}:${triggerId}`;
}
