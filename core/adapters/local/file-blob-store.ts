import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { basename, dirname, resolve, sep } from "node:path";
import { type BlobKey, type BlobStore, blobContent, blobPath, checkBlobSize } from "../../ports/blob-store";

/**
 * The local blob store: one file per blob below a root directory (`DATA_DIR/blobs` for `npm start`), at
 * `<workspaceId>/<runId>/<name>`. A put writes a hidden temporary file beside the blob, flushes it to disk
 * and renames it over the blob, so a reader or a crash meets the old file or the new one, never a part; a
 * temporary file a crash leaves behind is never a blob (no key part starts with `.`).
 */
export class FileBlobStore implements BlobStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: BlobKey, content: Uint8Array | string): Promise<void> {
    const bytes = blobContent(content);
    const path = this.pathOf(key);
    const directory = dirname(path);
    await mkdir(directory, { recursive: true });
    const temporary = `${directory}${sep}.${basename(path)}.${randomBytes(8).toString("hex")}.tmp`;
    try {
      const file = await open(temporary, "wx");
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    // The rename itself reaches the disk with its directory.
    const folder = await open(directory, "r");
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }

  async get(key: BlobKey): Promise<Uint8Array | undefined> {
    const path = this.pathOf(key);
    let file: Awaited<ReturnType<typeof open>>;
    try {
      file = await open(path, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      checkBlobSize((await file.stat()).size);
      return await file.readFile();
    } finally {
      await file.close();
    }
  }

  async delete(key: BlobKey): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The blob's file: blobPath checks every part, and the result is checked again to lie below the root. */
  private pathOf(key: BlobKey): string {
    const path = resolve(this.root, blobPath(key));
    if (!path.startsWith(this.root + sep))
      throw new Error(`Not a blob key: ${blobPath(key)} leaves the root`);
    return path;
  }
}
