import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeMode, FIRED_BY_THE_SUITE_ON_AN_ENDPOINT } from "./global-setup";

/**
 * The integration suite's first line says what it did not exercise (docs/deploy.md, "Integration tests"):
 * on an AWS endpoint nothing is skipped, and the schedules an emulator never fires are fired by the suite.
 */
const integrationFiles = readdirSync(__dirname).filter((file) => file.endsWith(".integration.ts"));
const service = readFileSync(join(__dirname, "service.ts"), "utf8");

describe("the integration suite's header", () => {
  it("says an endpoint's run skips nothing, and that the suite fires the schedules an emulator does not", () => {
    const header = describeMode({
      kind: "aws",
      endpoint: "http://localhost:4566",
      foundBy: "LocalStack health check",
      region: "us-east-1",
    });

    // The claim holds only while no integration test skips on an endpoint and the service fires its schedules.
    expect(integrationFiles).toContain("cron-triggers.integration.ts");
    for (const file of integrationFiles)
      expect(readFileSync(join(__dirname, file), "utf8"), file).not.toMatch(/skipIf|\.skip\(/);
    expect(service).toMatch(/endpointSchedules\?\.fireDueSchedules\(\)/);
    expect(header).toContain(`skipped: none (${FIRED_BY_THE_SUITE_ON_AN_ENDPOINT})`);
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
