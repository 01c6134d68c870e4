import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileBlobStore } from "../../../core/adapters/local/file-blob-store";
import { LIMITS } from "../../../core/domain/limits";
import type { LlmMessage } from "../../../core/domain/llm-call";
import {
  appendTranscript,
  readTranscript,
  TRANSCRIPT_CHUNK_BYTES,
  type TranscriptPlace,
} from "../../../core/llm/agent-transcript";

const run = { workspaceId: "wsp_1", id: "run_1" };
const STEP_RUN = "stp_1";
let root: string;
let blobs: FileBlobStore;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "weft-transcript-"));
  blobs = new FileBlobStore(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A turn's answer of about a kibibyte, numbered so that order and loss show. */
const turn = (n: number): LlmMessage => ({ role: "assistant", content: `turn ${n} ${"x".repeat(1000)}` });

/** Appends one message per unit, as committed units do, and gives the place of each commit. */
async function commitUnits(from: TranscriptPlace, first: number, count: number) {
  let place = from;
  const written: number[] = [];
  for (let n = first; n < first + count; n++) {
    const read = await readTranscript(blobs, run, place, true);
    const appended = await appendTranscript(
      blobs,
      run,
      STEP_RUN,
      { place, turns: n, read },
      [turn(n)],
      `u${n}`,
    );
    written.push(statSync(join(root, run.workspaceId, run.id, appended.place.transcript)).size);
    place = appended.place;
  }
  return { place, written };
}

describe("an agent's transcript in the blob store", () => {
  it("keeps every message in order while each unit writes a bounded tail, however long the conversation", async () => {
    const { place, written } = await commitUnits({ transcript: "" }, 1, 300);

    const whole = await readTranscript(blobs, run, place);
    expect(whole.messages).toEqual(Array.from({ length: 300 }, (_, at) => turn(at + 1)));
    // 300 KiB of conversation, yet no unit wrote more than a chunk and its own message (and the chunk list).
    expect(Math.max(...written)).toBeLessThanOrEqual(TRANSCRIPT_CHUNK_BYTES + 2048);
    expect(whole.tail.chunks.length).toBeGreaterThanOrEqual(4);
    const unitBytes = whole.messages.map((message) => Buffer.byteLength(JSON.stringify([message])));
    expect(place.bytes).toBe(unitBytes.reduce((sum, bytes) => sum + bytes, 0));
  });

  it("leaves the committed conversation as it was when a late unit appends from an older commit", async () => {
    const { place: older } = await commitUnits({ transcript: "" }, 1, 60);
    const { place: committed } = await commitUnits(older, 61, 10);
    const before = await readTranscript(blobs, run, committed);

    // A unit whose lease ran out at turn 61 writes its own, larger, message from where it began.
    const stale = await readTranscript(blobs, run, older, true);
    const big: LlmMessage = { role: "assistant", content: "y".repeat(TRANSCRIPT_CHUNK_BYTES) };
    await appendTranscript(blobs, run, STEP_RUN, { place: older, turns: 60, read: stale }, [big], "late");

    expect(await readTranscript(blobs, run, committed)).toEqual(before);
    expect(before.messages).toHaveLength(70);
  });

  it("refuses a conversation past its bound before writing anything", async () => {
    const place = { transcript: "", bytes: LIMITS.agentTranscriptBytes - 10 };
    const read = await readTranscript(blobs, run, place, true);

    await expect(
      appendTranscript(blobs, run, STEP_RUN, { place, turns: 0, read }, [turn(1)], "u1"),
    ).rejects.toMatchObject({ code: "OUTPUT_TOO_LARGE" });
    expect(readdirSync(root)).toEqual([]);
  });
});
