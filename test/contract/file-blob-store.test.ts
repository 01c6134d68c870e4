import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileBlobStore } from "../../core/adapters/local/file-blob-store";
import { LIMITS } from "../../core/domain/limits";
import { describeBlobStoreContract } from "./blob-store.contract";

/** A scratch folder with the store's root inside it, so a file written beside the root would show. */
const scratch = mkdtempSync(join(tmpdir(), "weft-blobs-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let roots = 0;
const newRoot = () => join(scratch, `root-${++roots}`, "blobs");

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describeBlobStoreContract("file system", async () => new FileBlobStore(newRoot()));

describe("the file system BlobStore", () => {
  const ws = "wsp_files";

  it("lays each blob out as <workspace>/<run>/<name> below its root, and nothing anywhere else", async () => {
    const root = newRoot();
    const store = new FileBlobStore(root);

    await store.put({ workspaceId: ws, runId: "run_1", name: "transcript.json" }, "[]");
    await expect(
      store.put({ workspaceId: ws, runId: "run_1", name: "../../../escaped" }, "out"),
    ).rejects.toThrow();

    expect(filesBelow(join(root, ".."))).toEqual([join("blobs", ws, "run_1", "transcript.json")]);
    expect(readFileSync(join(root, ws, "run_1", "transcript.json"), "utf8")).toBe("[]");
  });

  it("never takes a temporary file a crashed put left behind for the blob", async () => {
    const root = newRoot();
    const store = new FileBlobStore(root);
    const blob = { workspaceId: ws, runId: "run_1", name: "output" };
    mkdirSync(join(root, ws, "run_1"), { recursive: true });
    writeFileSync(join(root, ws, "run_1", ".output.0123456789abcdef.tmp"), "half a wri");

    expect(await store.get(blob)).toBeUndefined();
    await store.put(blob, "whole");
    expect(Buffer.from((await store.get(blob)) ?? []).toString()).toBe("whole");
  });

  it("leaves the old blob and no temporary file when a put cannot replace it", async () => {
    const root = newRoot();
    const store = new FileBlobStore(root);
    // A directory where the blob's file goes: the rename over it fails, as a full or read-only disk would.
    mkdirSync(join(root, ws, "run_1", "output", "inside"), { recursive: true });

    await expect(store.put({ workspaceId: ws, runId: "run_1", name: "output" }, "new")).rejects.toThrow();

    expect(readdirSync(join(root, ws, "run_1"))).toEqual(["output"]);
  });

  it("refuses a file past the bound, put there by other means, without reading it", async () => {
    const root = newRoot();
    const store = new FileBlobStore(root);
    const blob = { workspaceId: ws, runId: "run_1", name: "huge" };
    await store.put(blob, "small");
    // Sparse: the size is past the bound without writing 8 MiB.
    truncateSync(join(root, ws, "run_1", "huge"), LIMITS.blobBytes + 1);

    await expect(store.get(blob)).rejects.toMatchObject({ code: "OUTPUT_TOO_LARGE" });
  });
});
