import { NotFoundError } from "../domain/errors";
import type { LlmMessage } from "../domain/llm-call";
import type { RunRecord } from "../domain/run-record";
import type { BlobKey, BlobStore } from "../ports/blob-store";
import type { RunStore } from "../ports/store";

/** Where an agent step's transcript blob lies: under its run, by the name its commit recorded. */
export function transcriptKey(run: Pick<RunRecord, "workspaceId" | "id">, name: string): BlobKey {
  return { workspaceId: run.workspaceId, runId: run.id, name };
}

/** The conversation after the prompt, as the last committed unit stored it; empty before the first turn. */
export async function readTranscript(
  blobs: BlobStore,
  run: Pick<RunRecord, "workspaceId" | "id">,
  name: string,
): Promise<LlmMessage[]> {
  if (!name) return [];
  const content = await blobs.get(transcriptKey(run, name));
  if (!content) throw new Error(`The agent's transcript ${name} is missing from the blob store`);
  return JSON.parse(Buffer.from(content).toString("utf8")) as LlmMessage[];
}

/**
 * An agent step run's transcript as its last commit left it (docs/agents.md, "The transcript"): the active
 * step's while it runs, the one its output names once it completed. A step run that is not an agent's, or
 * not of this run, is not found.
 */
export async function stepTranscript(
  deps: { store: { runs: Pick<RunStore, "get" | "stepRuns"> }; blobs: BlobStore },
  workspaceId: string,
  runId: string,
  stepRunId: string,
): Promise<{ stepRunId: string; turns: number; messages: LlmMessage[] }> {
  const run = await deps.store.runs.get(workspaceId, runId);
  if (!run) throw new NotFoundError("Workflow run");
  const stepRun = (await deps.store.runs.stepRuns(run)).find((found) => found.id === stepRunId);
  if (stepRun?.stepType !== "agent") throw new NotFoundError("Agent step run");
  const active = run.active?.stepRun.id === stepRunId ? run.active.agent : undefined;
  const output = stepRun.output ?? {};
  const name = active?.transcript ?? (typeof output.transcript === "string" ? output.transcript : "");
  const turns = active?.turns ?? (typeof output.turns === "number" ? output.turns : 0);
  return { stepRunId, turns, messages: await readTranscript(deps.blobs, run, name) };
}
