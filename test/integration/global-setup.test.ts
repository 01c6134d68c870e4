import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeMode, SKIPPED_ON_AN_ENDPOINT } from "./global-setup";

/**
 * The integration suite's first line says what it did not exercise (docs/deploy.md, "Integration tests"):
 * on an AWS endpoint, the tests that skip there, counted from the file that skips them.
 */
const skipping = readFileSync(join(__dirname, SKIPPED_ON_AN_ENDPOINT.file), "utf8");

describe("the integration suite's header", () => {
  it("names the tests an endpoint's run skips, and how many there are", () => {
    const header = describeMode({
      kind: "aws",
      endpoint: "http://localhost:4566",
      foundBy: "LocalStack health check",
      region: "us-east-1",
    });

    expect(skipping).toMatch(/describe\.skipIf\(!localMode\)/);
    expect(skipping.match(/^\s{2}it\(/gm)).toHaveLength(SKIPPED_ON_AN_ENDPOINT.tests);
    expect(header).toContain(
      `skipped: the ${SKIPPED_ON_AN_ENDPOINT.tests} tests of ${SKIPPED_ON_AN_ENDPOINT.file}`,
    );
    expect(header).not.toContain("skipped: none");
  });

  it("names the stand-ins the local mode uses in place of SQS, EventBridge Scheduler and KMS", () => {
    const header = describeMode({
      kind: "local",
      dynamoEndpoint: "http://127.0.0.1:8000",
      region: "us-east-1",
    });

    expect(header).toContain("skipped: SQS, EventBridge Scheduler and KMS, replaced by local stand-ins");
  });
});
