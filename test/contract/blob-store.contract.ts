import { beforeAll, describe, expect, it } from "vitest";
import { BoundExceeded, LIMITS } from "../../core/domain/limits";
import type { BlobKey, BlobStore } from "../../core/ports/blob-store";

/** The store under test; one per file, its keys kept apart by each test's own run id. */
export type MakeBlobStore = () => Promise<BlobStore>;

const ws = "wsp_blobs";
const other = "wsp_other";
let runs = 0;
/** A run of its own for each test, so tests sharing a store never see each other's blobs. */
const freshRun = () => `run_${(++runs).toString().padStart(4, "0")}`;
const key = (runId: string, name: string, workspaceId = ws): BlobKey => ({ workspaceId, runId, name });
const text = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString("utf8") : bytes);
const same = (bytes: Uint8Array | undefined, expected: Uint8Array) =>
  bytes !== undefined && Buffer.from(bytes).equals(Buffer.from(expected));

/** Keys whose parts would name another workspace's blobs, or leave the store's root, if taken as paths. */
const BAD_KEYS: BlobKey[] = [
  key("run_1", "../../wsp_other/run_1/out"),
  key("run_1", ".."),
  key("run_1", "."),
  key("run_1", "a/b"),
  key("run_1", "a\\b"),
  key("run_1", ".hidden"),
  key("run_1", ""),
  key("run_1", "Out"),
  key("run_1", "x".repeat(201)),
  key("..", "out"),
  key("run_1/../../wsp_other/run_1", "out"),
  key("run_1", "out", "../wsp_other"),
  key("run_1", "out", "wsp_other/.."),
  key("run_1", "out", ""),
  key("run_1", "out", "/etc"),
  key("run_1", "nul\u0000byte"),
];

/**
 * The semantics of the BlobStore port (core/ports/blob-store.ts) its users rely on, run against each
 * adapter: files under a directory, and S3 on an emulator's endpoint.
 */
export function describeBlobStoreContract(name: string, makeStore: MakeBlobStore): void {
  describe(`${name} BlobStore`, () => {
    let store: BlobStore;

    beforeAll(async () => {
      store = await makeStore();
    });

    it("answers undefined for a blob never put, in a workspace and run it has never seen", async () => {
      expect(await store.get(key(freshRun(), "transcript"))).toBeUndefined();
      expect(await store.get(key(freshRun(), "transcript", "wsp_nobody"))).toBeUndefined();
    });

    it("gives back the bytes put, every byte value, and text as its UTF-8 bytes", async () => {
      const run = freshRun();
      const bytes = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
      const json = JSON.stringify({ answer: "déjà vu 🧵", n: [1, 2] });

      await store.put(key(run, "raw.bin"), bytes);
      await store.put(key(run, "output.json"), json);

      expect(same(await store.get(key(run, "raw.bin")), bytes)).toBe(true);
      expect(text(await store.get(key(run, "output.json")))).toBe(json);
    });

    it("keeps an empty blob as present and empty, not missing", async () => {
      const run = freshRun();
      await store.put(key(run, "empty"), "");

      const got = await store.get(key(run, "empty"));

      expect(got).toBeDefined();
      expect(got?.byteLength).toBe(0);
    });

    it("replaces a blob's content with the next put, and a repeated put of the same content changes nothing", async () => {
      const run = freshRun();
      await store.put(key(run, "step-output"), "first");
      await store.put(key(run, "step-output"), "second");
      expect(text(await store.get(key(run, "step-output")))).toBe("second");

      await store.put(key(run, "step-output"), "second");
      expect(text(await store.get(key(run, "step-output")))).toBe("second");
    });

    it("hands a reader of two racing puts one content whole, never a mix", async () => {
      const run = freshRun();
      const a = Buffer.alloc(256 * 1024, "a");
      const b = Buffer.alloc(256 * 1024, "b");

      await Promise.all([store.put(key(run, "raced"), a), store.put(key(run, "raced"), b)]);
      const got = await store.get(key(run, "raced"));

      expect(same(got, a) || same(got, b)).toBe(true);
    });

    it("deletes a blob, and deleting one that is gone or never was is no error", async () => {
      const run = freshRun();
      await store.put(key(run, "transcript"), "turns");
      await store.put(key(run, "kept"), "stays");

      await store.delete(key(run, "transcript"));
      await store.delete(key(run, "transcript"));
      await store.delete(key(freshRun(), "never"));

      expect(await store.get(key(run, "transcript"))).toBeUndefined();
      expect(text(await store.get(key(run, "kept")))).toBe("stays");
    });

    it("keeps each workspace's blobs to itself: the same run and name in another workspace is another blob", async () => {
      const run = freshRun();
      await store.put(key(run, "output", ws), "mine");

      expect(await store.get(key(run, "output", other))).toBeUndefined();
      await store.put(key(run, "output", other), "theirs");
      await store.delete(key(run, "output", other));

      expect(text(await store.get(key(run, "output", ws)))).toBe("mine");
    });

    it("refuses a key whose parts are not plain names, for every operation, touching nothing", async () => {
      const run = "run_1";
      await store.put(key(run, "out", other), "other workspace's");

      for (const bad of BAD_KEYS) {
        const label = JSON.stringify(bad);
        await expect(store.put(bad, "written?"), label).rejects.toThrow(/Not a blob key/);
        await expect(store.get(bad), label).rejects.toThrow(/Not a blob key/);
        await expect(store.delete(bad), label).rejects.toThrow(/Not a blob key/);
      }

      expect(text(await store.get(key(run, "out", other)))).toBe("other workspace's");
    });

    it("takes names up to 200 characters", async () => {
      const run = freshRun();
      const long = `${"n".repeat(195)}.json`;

      await store.put(key(run, long), "{}");

      expect(text(await store.get(key(run, long)))).toBe("{}");
    });

    it("stores a blob of exactly the bound and refuses one byte more with OUTPUT_TOO_LARGE, writing nothing", async () => {
      const run = freshRun();
      const atBound = Buffer.alloc(LIMITS.blobBytes, 7);
      await store.put(key(run, "large"), atBound);
      expect(same(await store.get(key(run, "large")), atBound)).toBe(true);

      const over = store.put(key(run, "large"), Buffer.alloc(LIMITS.blobBytes + 1, 8));
      await expect(over).rejects.toBeInstanceOf(BoundExceeded);
      await expect(over).rejects.toMatchObject({ code: "OUTPUT_TOO_LARGE" });
      // Counted in UTF-8 bytes, not characters: 2 bytes each.
      const overAsText = store.put(key(run, "text"), "é".repeat(LIMITS.blobBytes / 2 + 1));
      await expect(overAsText).rejects.toMatchObject({ code: "OUTPUT_TOO_LARGE" });

      expect(same(await store.get(key(run, "large")), atBound)).toBe(true);
      expect(await store.get(key(run, "text"))).toBeUndefined();
    });
  });
}
