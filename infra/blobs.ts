import { BLOB_LIFECYCLE_RULES } from "./settings";

/**
 * The blob store's bucket (core/ports/blob-store.ts): payloads too large for a table item, one object per
 * blob at `<workspaceId>/<runId>/<name>`. Reached by the API and the step worker only, through the SDK with
 * their own statements (BLOB_PERMISSIONS in infra/settings.ts, given by infra/engine-access.ts); nothing is
 * linked. A retained stage keeps the bucket, with its blobs, when removed, as it keeps its table (SST's
 * `removal: "retain"`); an ephemeral one deletes both.
 */
export const blobBucket = new sst.aws.Bucket("Blobs", {
  // No `access`: SST then blocks every kind of public access (all four settings of the bucket's public
  // access block) and grants no one anything in the bucket's policy.
  // Its policy refuses every request not made over TLS (SST's default, stated so a change of it cannot
  // turn it off).
  enforceHttps: true,
  // Only the functions reach it, never a browser.
  cors: false,
  // The versions a put replaces or a delete removes are kept a while: see BLOB_LIFECYCLE_RULES.
  versioning: true,
});

/**
 * Encrypted at rest with keys S3 manages (SSE-S3, AES-256), the default of every object put: the protection
 * the table gives the same payloads while they fit in an item (DynamoDB's default encryption, a key AWS
 * owns). Not SSE-KMS with the stack's key: that key's grants are bound to the secrets' encryption context
 * (infra/settings.ts), and every put and get would be a KMS request; secrets never reach a blob, the key
 * vault seals them first.
 */
new aws.s3.BucketServerSideEncryptionConfiguration("BlobsEncryption", {
  bucket: blobBucket.name,
  rules: [{ applyServerSideEncryptionByDefault: { sseAlgorithm: "AES256" } }],
});

new aws.s3.BucketLifecycleConfiguration("BlobsLifecycle", {
  bucket: blobBucket.name,
  rules: BLOB_LIFECYCLE_RULES.map((rule) => ({ ...rule })),
});
