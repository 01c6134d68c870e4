import type { AgentProgress } from "../domain/agent-step";
import { NotFoundError } from "../domain/errors";
import { BoundExceeded, LIMITS } from "../domain/limits";
import type { LlmMessage } from "../domain/llm-call";
import type { StepRun } from "../domain/run";
import type { RunRecord } from "../domain/run-record";
import { StepRunStatus } from "../domain/statuses";
import { StepFailureCode } from "../domain/step-error";
import type { BlobKey, BlobStore } from "../ports/blob-store";
import type { RunStore } from "../ports/store";

/**
 * The conversation is kept in chunks so that a unit writes a bounded amount whatever its length: the tail,
 * which each unit rewrites, is sealed once it holds about this many bytes and a new tail begun.
 */
export const TRANSCRIPT_CHUNK_BYTES = 64 * 1024;

type RunKey = Pick<RunRecord, "workspaceId" | "id">;

/** Where the conversation of an agent's step run lies, as its last commit recorded it. */
export type TranscriptPlace = Pick<AgentProgress, "transcript" | "bytes">;

/**
 * A tail blob: the names of the sealed tails before it, in order, and its own messages. A sealed tail is
 * left as it was written (its own list of chunks is not read again), so sealing copies nothing, and every
 * blob keeps the unique name its unit gave it: no late writer can change a blob a commit reaches.
 */
interface Tail {
  chunks: string[];
  messages: LlmMessage[];
}

/** What a unit read of the committed conversation: its messages (all, or the tail's), and the tail itself. */
export interface ReadTranscript {
  messages: LlmMessage[];
  tail: Tail;
  /** The tail's size as stored, which decides when it is sealed. */
  tailBytes: number;
}

/** Where an agent step's transcript blob lies: under its run, by the name its commit recorded. */
export function transcriptKey(run: RunKey, name: string): BlobKey {
  return { workspaceId: run.workspaceId, runId: run.id, name };
}

/** A blob a commit points at is gone: never by the engine's doing, but the run it lies under may be deleted. */
export class TranscriptMissing extends Error {}

async function readTail(blobs: BlobStore, run: RunKey, name: string): Promise<{ tail: Tail; bytes: number }> {
  const content = await blobs.get(transcriptKey(run, name));
  if (!content)
    throw new TranscriptMissing(`The agent's transcript blob ${name} is missing from the blob store`);
  return { tail: JSON.parse(Buffer.from(content).toString("utf8")) as Tail, bytes: content.byteLength };
}

/**
 * The committed conversation after the prompt (empty before the first turn): whole, as a model turn needs
 * it, or, with `tailOnly`, the tail's messages, which hold at least the last unit's (a tool unit needs only
 * the last turn's calls).
 */
export async function readTranscript(
  blobs: BlobStore,
  run: RunKey,
  place: TranscriptPlace,
  tailOnly = false,
): Promise<ReadTranscript> {
  if (!place.transcript) return { messages: [], tail: { chunks: [], messages: [] }, tailBytes: 0 };
  const { tail, bytes } = await readTail(blobs, run, place.transcript);
  const sealed = tailOnly ? [] : await Promise.all(tail.chunks.map((name) => readTail(blobs, run, name)));
  const messages = [...sealed.flatMap((chunk) => chunk.tail.messages), ...tail.messages];
  return { messages, tail, tailBytes: bytes };
}

/**
 * Stores a unit's new messages after the committed conversation, as a new tail named for the unit
 * (`agent-<stepRunId>-<turn>-<unique>.json`), and says where the whole now lies. The committed tail is
 * sealed (the new one lists it among its chunks and holds only the new messages) when the new messages
 * would take it past TRANSCRIPT_CHUNK_BYTES; otherwise the new tail holds its messages too and it may go.
 * @throws BoundExceeded (OUTPUT_TOO_LARGE) for a conversation past LIMITS.agentTranscriptBytes.
 */
export async function appendTranscript(
  blobs: BlobStore,
  run: RunKey,
  stepRunId: string,
  committed: { place: TranscriptPlace; turns: number; read: ReadTranscript },
  added: LlmMessage[],
  unitId: string,
): Promise<{ place: Required<TranscriptPlace>; sealed: boolean }> {
  const addedBytes = Buffer.byteLength(JSON.stringify(added));
  const bytes = (committed.place.bytes ?? 0) + addedBytes;
  if (bytes > LIMITS.agentTranscriptBytes) {
    throw new BoundExceeded(
      StepFailureCode.OUTPUT_TOO_LARGE,
      `The agent's conversation would take ${bytes} bytes, over its bound of ${LIMITS.agentTranscriptBytes} (LIMITS.agentTranscriptBytes)`,
    );
  }
  const { tail, tailBytes } = committed.read;
  const sealed =
    committed.place.transcript !== "" &&
    tail.messages.length > 0 &&
    tailBytes + addedBytes > TRANSCRIPT_CHUNK_BYTES;
  const next: Tail = sealed
    ? { chunks: [...tail.chunks, committed.place.transcript], messages: added }
    : { chunks: tail.chunks, messages: [...tail.messages, ...added] };
  const name = `agent-${stepRunId}-${String(committed.turns).padStart(5, "0")}-${unitId}.json`;
  await blobs.put(transcriptKey(run, name), JSON.stringify(next));
  return { place: { transcript: name, bytes }, sealed };
}

/**
 * Where an agent step run's transcript lies as its last commit left it: the active step's progress while it
 * runs, its output once it completed. A rerun's copy of a completed agent (StepRun.copiedFrom) reads the
 * blobs of the run its output names (`transcriptRunId`), where the copied step ran. Undefined for a step
 * run that ended otherwise: its transcript went with it.
 */
export function transcriptOf(
  run: RunRecord,
  stepRun: StepRun,
): { runKey: RunKey; place: TranscriptPlace; turns: number } | undefined {
  const active = run.active?.stepRun.id === stepRun.id ? run.active.agent : undefined;
  if (active) return { runKey: run, place: active, turns: active.turns };
  const output = stepRun.output ?? {};
  if (stepRun.status !== StepRunStatus.Completed || typeof output.transcript !== "string") return undefined;
  const runId = typeof output.transcriptRunId === "string" ? output.transcriptRunId : run.id;
  return {
    runKey: { workspaceId: run.workspaceId, id: runId },
    place: { transcript: output.transcript },
    turns: typeof output.turns === "number" ? output.turns : 0,
  };
}

/**
 * An agent step run's transcript (docs/agents.md, "The transcript"). A step run that is not an agent's, or
 * not of this run, is not found; nor is the transcript of one that ended without completing, or whose blobs
 * are gone (the run a rerun copied it from was deleted).
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
  const found = transcriptOf(run, stepRun);
  if (!found) return { stepRunId, turns: 0, messages: [] };
  const read = await readTranscript(deps.blobs, found.runKey, found.place).catch((error: unknown) => {
    if (error instanceof TranscriptMissing) throw new NotFoundError("Agent transcript");
    throw error;
  });
  return { stepRunId, turns: found.turns, messages: read.messages };
}
