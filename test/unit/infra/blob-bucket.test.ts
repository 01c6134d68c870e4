import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BLOB_LIFECYCLE_RULES,
  BLOB_PERMISSIONS,
  ENGINE_ENVIRONMENT_KEYS,
  ENGINE_PERMISSIONS,
  FUNCTIONS,
} from "../../../infra/settings";

const root = join(__dirname, "../../..");
const source = (path: string) => readFileSync(join(root, path), "utf8");

/** The blob store's bucket (infra/blobs.ts) and who may reach it, as the deploy builds them. */
describe("the blob bucket", () => {
  it("is held by the API and the step worker only: their settings alone name it", () => {
    const holders = Object.entries(FUNCTIONS)
      .filter(([, settings]) => "blobStore" in settings && settings.blobStore)
      .map(([name]) => name);

    expect(holders.sort()).toEqual(["api", "worker"]);
    // Not among what every function gets: the sweeper and the run-event worker have neither name nor grant.
    expect(ENGINE_ENVIRONMENT_KEYS as readonly string[]).not.toContain("BLOB_BUCKET");
    const everyFunction = ENGINE_PERMISSIONS.flatMap((statement) => statement.resources);
    expect(everyFunction).not.toContain("blobBucket");
    expect(everyFunction).not.toContain("blobObjects");
    const access = source("infra/engine-access.ts");
    expect(access).toMatch(/\.\.\.\(settings\.blobStore && \{ BLOB_BUCKET: blobBucket\.name \}\)/);
    expect(access).toMatch(
      /permissions: settings\.blobStore \? \[\.\.\.enginePermissions, \.\.\.blobPermissions\] : enginePermissions/,
    );
  });

  it("lets its holders read, write and delete blobs' objects and list the bucket (a missing blob is then a 404), nothing else", () => {
    expect(BLOB_PERMISSIONS).toEqual([
      { actions: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], resources: ["blobObjects"] },
      { actions: ["s3:ListBucket"], resources: ["blobBucket"] },
    ]);
    const access = source("infra/engine-access.ts");
    expect(access).toMatch(/blobObjects: \[\$interpolate`\$\{blobBucket\.arn\}\/\*`\]/);
    expect(access).toMatch(/blobBucket: \[blobBucket\.arn\]/);
  });

  it("keeps every current blob while its run is kept, and expires only replaced versions, delete markers and unfinished uploads", () => {
    for (const rule of BLOB_LIFECYCLE_RULES) {
      expect(rule.status).toBe("Enabled");
      expect(rule.filter).toEqual({});
      // An expiration by days or date would delete blobs that kept runs still point to.
      if ("expiration" in rule) expect(rule.expiration).toEqual({ expiredObjectDeleteMarker: true });
    }
    const byId = Object.fromEntries(BLOB_LIFECYCLE_RULES.map((rule) => [rule.id, rule]));
    expect(byId["abort-incomplete-multipart-uploads"]).toMatchObject({
      abortIncompleteMultipartUpload: { daysAfterInitiation: 1 },
    });
    // As far back as the table's point-in-time recovery reaches.
    expect(byId["expire-replaced-versions"]).toMatchObject({
      noncurrentVersionExpiration: { noncurrentDays: 35 },
    });
    expect(source("infra/table.ts")).toMatch(/pointInTimeRecovery: \{ enabled: true \}/);
  });

  it("is private, TLS only, versioned, encrypted at rest with SSE-S3, and declared before the functions", () => {
    const blobs = source("infra/blobs.ts");

    expect(blobs).not.toMatch(/\baccess\s*:/);
    expect(blobs).not.toMatch(/publicAccessBlock/);
    expect(blobs).toMatch(/enforceHttps: true/);
    expect(blobs).toMatch(/cors: false/);
    expect(blobs).toMatch(/versioning: true/);
    expect(blobs).toMatch(/applyServerSideEncryptionByDefault: \{ sseAlgorithm: "AES256" \}/);
    expect(blobs).toMatch(/rules: BLOB_LIFECYCLE_RULES\./);
    const config = source("sst.config.ts");
    expect(config.indexOf('import("./infra/blobs")')).toBeGreaterThan(0);
    expect(config.indexOf('import("./infra/blobs")')).toBeLessThan(config.indexOf('import("./infra/api")'));
  });
});
