import { describe, expect, it } from "vitest";
import { signUp, withKey } from "../helpers/accounts";
import { expectError } from "../helpers/requests";
import { createDefinition, startRun } from "../helpers/runs";
import { createTestApp } from "../helpers/test-app";

const WAIT_AN_HOUR = [{ type: "wait", name: "nap", durationMs: 3_600_000 }];

describe("quota: run creations per minute per workspace", () => {
  it("answers 429 naming the quota past it, with Retry-After to the minute's end, and counts each workspace apart", async () => {
    const t = await createTestApp({ MAX_RUN_CREATIONS_PER_MINUTE: "3" });
    t.clock.advance(60_000 - (t.clock.nowMs() % 60_000) + 15_000); // 15 s into a minute
    const ada = await signUp(t);
    const bob = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, ada.apiKey, WAIT_AN_HOUR);
    for (let i = 0; i < 3; i++) await startRun(t.request, ada.apiKey, { definitionId });

    const refused = await t.request("POST", "/v1/workflow-runs", {
      body: { definitionId },
      headers: withKey(ada.apiKey),
    });
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toContain("run creations per minute per workspace (3)");
    expect(refused.headers.get("retry-after")).toBe("45");

    const { id: bobs } = await createDefinition(t.request, bob.apiKey, WAIT_AN_HOUR);
    await startRun(t.request, bob.apiKey, { definitionId: bobs });
    t.clock.advance(45_000);
    await startRun(t.request, ada.apiKey, { definitionId });
  });
});

describe("quota: live runs per workspace", () => {
  it("refuses a creation while the workspace has that many live runs, and takes one again once a run ends", async () => {
    const t = await createTestApp({ MAX_LIVE_RUNS_PER_WORKSPACE: "2" });
    const ada = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, ada.apiKey, WAIT_AN_HOUR);
    const first = await startRun(t.request, ada.apiKey, { definitionId });
    await startRun(t.request, ada.apiKey, { definitionId });
    await t.idle();

    const refused = await t.request("POST", "/v1/workflow-runs", {
      body: { definitionId },
      headers: withKey(ada.apiKey),
    });
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toContain("live runs per workspace (2)");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const cancelled = await t.request("POST", `/v1/workflow-runs/${first.id}/cancel`, {
      headers: withKey(ada.apiKey),
    });
    expect(cancelled.status).toBe(200);
    await startRun(t.request, ada.apiKey, { definitionId });
  });
});
