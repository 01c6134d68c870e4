import { type BlobKey, type BlobStore, blobContent, blobPath } from "../../ports/blob-store";

/**
 * The simulation's blob store: the blobs in a map by the path the real adapters store them at, so a key is
 * checked as theirs are (blobPath), and a copy of the bytes goes in and out, as it would from a disk.
 */
export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Uint8Array>();

  async put(key: BlobKey, content: Uint8Array | string): Promise<void> {
    this.blobs.set(blobPath(key), new Uint8Array(blobContent(content)));
  }

  async get(key: BlobKey): Promise<Uint8Array | undefined> {
    const stored = this.blobs.get(blobPath(key));
    return stored && new Uint8Array(stored);
  }

  async delete(key: BlobKey): Promise<void> {
    this.blobs.delete(blobPath(key));
  }
}
