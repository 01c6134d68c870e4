import { BoundCode, BoundExceeded, LIMITS } from "../domain/limits";

/**
 * Payloads too large for a table item (an agent's transcript, a large step output), kept apart under a key
 * the caller chooses: S3 on AWS (adapters/aws/s3-blob-store.ts), files under DATA_DIR locally
 * (adapters/local/file-blob-store.ts). docs/architecture.md, "The blob store", says what each promises.
 *
 * A key names its workspace, its run and the blob's name; the workspace is the first part of where the blob
 * lies, and each part is checked (blobPath) before any adapter touches storage, so no key built from one
 * workspace's ids can reach another workspace's blobs, nor leave the store's root.
 */
export interface BlobKey {
  workspaceId: string;
  runId: string;
  /** The blob's name within its run: lower-case letters, digits, `.`, `_` and `-`, starting with one of the first two. */
  name: string;
}

export interface BlobStore {
  /**
   * Stores the content (bytes, or text such as JSON, kept as UTF-8) under the key, replacing what the key
   * held; a reader sees the old content or the new, never a part. Putting the same content again (a step
   * repeated after a crash) leaves the blob as it was. A caller whose repeated work may produce other
   * content names its blob per attempt, so that a late writer never changes what a commit points to.
   * @throws BoundExceeded (OUTPUT_TOO_LARGE) past LIMITS.blobBytes, before anything is written.
   */
  put(key: BlobKey, content: Uint8Array | string): Promise<void>;
  /**
   * The content as stored, or undefined when no blob has the key.
   * @throws BoundExceeded (OUTPUT_TOO_LARGE) for a stored blob past LIMITS.blobBytes, without reading it.
   */
  get(key: BlobKey): Promise<Uint8Array | undefined>;
  /** Removes the blob; removing one that does not exist (again, after a crash) is not an error. */
  delete(key: BlobKey): Promise<void>;
}

const ID_CHARS = LIMITS.idChars;
const NAME_CHARS = 200;
/**
 * One part of a key. Lower case only, so a case-insensitive file system (macOS's, locally) keeps the blobs
 * S3 keeps apart; a leading letter or digit leaves out `.`, `..` and the adapters' hidden temporary files.
 */
const PART = /^[a-z0-9][a-z0-9._-]*$/;

/**
 * Where the key's blob lies below the store's root: `<workspaceId>/<runId>/<name>`, the same for every
 * adapter. A part that breaks the rule above is a caller's bug, refused with an Error naming it.
 */
export function blobPath(key: BlobKey): string {
  const parts: [keyof BlobKey, number][] = [
    ["workspaceId", ID_CHARS],
    ["runId", ID_CHARS],
    ["name", NAME_CHARS],
  ];
  for (const [part, maxChars] of parts) {
    const value = key[part];
    if (typeof value !== "string" || value.length > maxChars || !PART.test(value)) {
      throw new Error(
        `Not a blob key: ${part} ${JSON.stringify(value)} must be 1 to ${maxChars} of a-z 0-9 . _ -, starting with a-z or 0-9`,
      );
    }
  }
  return `${key.workspaceId}/${key.runId}/${key.name}`;
}

/** The content as the bytes to store, refused past the bound before an adapter sends or writes any. */
export function blobContent(content: Uint8Array | string): Uint8Array {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  checkBlobSize(bytes.byteLength);
  return bytes;
}

/** Refuses a blob past LIMITS.blobBytes: on its way in, and on its way out if one was stored by other means. */
export function checkBlobSize(byteLength: number): void {
  if (byteLength > LIMITS.blobBytes) {
    throw new BoundExceeded(
      BoundCode.OUTPUT_TOO_LARGE,
      `A blob of ${byteLength} bytes is over the blob store's bound of ${LIMITS.blobBytes} bytes`,
    );
  }
}
