import { NotFoundError } from "../domain/errors";
import type { WorkflowEvent } from "../domain/run";
import type { Page, RunsStore } from "../ports/store";

/** A run's events oldest first; event n is the run's n-th, so page N is a range and `total` the run's count. */
export async function listRunEvents(
  deps: { store: RunsStore },
  workspaceId: string,
  runId: string,
  page: number,
  pageSize: number,
): Promise<Page<WorkflowEvent>> {
  const run = await deps.store.runs.get(workspaceId, runId);
  if (!run) throw new NotFoundError("Workflow run");
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(run.eventSeq, page * pageSize);
  if (from > to) return { items: [], total: run.eventSeq };
  const events = await deps.store.runs.events(run, from, to);
  return { items: events.map(({ seq: _, ...event }) => event), total: run.eventSeq };
}
