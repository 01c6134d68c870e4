import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { type BlobKey, type BlobStore, blobContent, blobPath, checkBlobSize } from "../../ports/blob-store";

export interface S3BlobStoreOptions {
  client: S3Client;
  /** The stage's blob bucket (infra/blobs.ts): private, encrypted at rest by S3 (SSE-S3), versioned. */
  bucket: string;
}

/**
 * The blob store on S3: one object per blob, its key the blob's path (`<workspaceId>/<runId>/<name>`). A
 * PutObject replaces an object whole, so a reader never sees part of one. A get of a missing blob is
 * S3's NoSuchKey (a 404) only for a caller allowed to list the bucket, otherwise a 403 that would read as a
 * refusal: the functions that hold the bucket are given s3:ListBucket for that (infra/settings.ts).
 */
export class S3BlobStore implements BlobStore {
  constructor(private readonly options: S3BlobStoreOptions) {}

  async put(key: BlobKey, content: Uint8Array | string): Promise<void> {
    const body = blobContent(content);
    await this.options.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: blobPath(key), Body: body }),
    );
  }

  async get(key: BlobKey): Promise<Uint8Array | undefined> {
    let answer: GetObjectCommandOutput;
    try {
      answer = await this.options.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: blobPath(key) }),
      );
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
    const body = answer.Body;
    try {
      checkBlobSize(answer.ContentLength ?? 0);
    } catch (error) {
      // The object stays unread: its stream is closed rather than drained.
      if (body instanceof Readable) body.destroy();
      throw error;
    }
    return body ? await body.transformToByteArray() : new Uint8Array();
  }

  async delete(key: BlobKey): Promise<void> {
    await this.options.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: blobPath(key) }),
    );
  }
}
