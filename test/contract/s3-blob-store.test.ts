import { randomBytes } from "node:crypto";
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3BlobStore } from "../../core/adapters/aws/s3-blob-store";
import { LIMITS } from "../../core/domain/limits";
import { describeBlobStoreContract } from "./blob-store.contract";

/**
 * The S3 adapter on an S3 emulator's endpoint (moto's server, LocalStack): AWS_ENDPOINT_URL, as the
 * integration suite takes it (docs/deploy.md). Without one the file is skipped and says so; the contract
 * still runs on the file system adapter (file-blob-store.test.ts).
 */
const endpoint = process.env.AWS_ENDPOINT_URL;
if (!endpoint) {
  process.stderr.write(
    "\n[S3 blob store contract] SKIPPED: AWS_ENDPOINT_URL is unset. Point it at an S3 emulator " +
      "(moto_server -p 5055, then AWS_ENDPOINT_URL=http://127.0.0.1:5055) to run it.\n\n",
  );
}

// Fixed dummy credentials and path-style addresses, as emulators take them: never a real account.
const client = new S3Client({
  region: process.env.AWS_REGION || "us-east-1",
  endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: "local", secretAccessKey: "local" },
});
const bucket = `weft-blobs-test-${randomBytes(6).toString("hex")}`;

describe.skipIf(!endpoint)("S3 on an emulator's endpoint", () => {
  beforeAll(async () => {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  });

  afterAll(async () => {
    for (;;) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const keys = (listed.Contents ?? []).map(({ Key }) => ({ Key }));
      if (keys.length === 0) break;
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
    }
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    client.destroy();
  });

  describeBlobStoreContract("S3", async () => new S3BlobStore({ client, bucket }));

  describe("the S3 BlobStore", () => {
    const store = new S3BlobStore({ client, bucket });

    it("keeps a blob as the object <workspace>/<run>/<name>, as the file system adapter lays out its files", async () => {
      await store.put({ workspaceId: "wsp_s3", runId: "run_1", name: "transcript.json" }, "[]");

      const object = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: "wsp_s3/run_1/transcript.json" }),
      );

      expect(await object.Body?.transformToString()).toBe("[]");
    });

    it("refuses an object past the bound, put there by other means, without reading it", async () => {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: "wsp_s3/run_1/huge",
          Body: Buffer.alloc(LIMITS.blobBytes + 1),
        }),
      );

      await expect(store.get({ workspaceId: "wsp_s3", runId: "run_1", name: "huge" })).rejects.toMatchObject({
        code: "OUTPUT_TOO_LARGE",
      });
    });
  });
});
