import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createWeftClient } from "../../sdk/src/client";
import { home, json, reviewId, setUpCli, startedAndPending, url, weft } from "./cli-fixtures";

/**
 * How `weft`'s waits end: at once, with exit 8, when the run has ended without the approval waited for (and
 * the client's waitForApproval likewise); after --timeout given in any unit (exit 9); and with exit 2 for a
 * --timeout it cannot read, before the command has started anything.
 */
setUpCli();

/** A run of the review definition whose approval was rejected: FAILED, with no request left pending. */
async function failedRun(): Promise<string> {
  const { runId, approval } = await startedAndPending();
  await weft("approvals", "reject", approval?.id ?? "", "--comment", "no");
  expect((await weft("runs", "wait", runId)).code).toBe(8);
  return runId;
}

describe("weft's waits", () => {
  it("ends approvals list --wait at once with exit 8 when the run has already FAILED", async () => {
    const runId = await failedRun();

    const started = Date.now();
    const waited = await weft("approvals", "list", "--pending", "--run", runId, "--wait", "--timeout", "20");

    expect(waited.code).toBe(8);
    expect(waited.stderr).toMatch(
      new RegExp(`^weft-workflows: run ${runId} ended FAILED .*no such approval request`),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("ends the client's waitForApproval with RUN_ENDED when the run has already FAILED", async () => {
    const runId = await failedRun();
    const config = JSON.parse(await readFile(join(home, "weft", "config.json"), "utf8")) as {
      apiKey: string;
    };
    const client = createWeftClient({ baseUrl: url, apiKey: config.apiKey });

    await expect(client.waitForApproval(runId, { timeoutMs: 20_000 })).rejects.toMatchObject({
      code: "RUN_ENDED",
      details: { status: "FAILED" },
    });
  });

  it("times out after a --timeout given with its unit, with exit 9", async () => {
    const { runId } = await startedAndPending();

    // The run is PAUSED at its approval: nothing decided yet, but a decision can still come.
    const started = Date.now();
    const waited = await weft("approvals", "list", "--decided", "--run", runId, "--wait", "--timeout", "1s");
    const run = await weft("runs", "wait", runId, "--timeout", "500ms");

    expect(waited.code).toBe(9);
    expect(waited.stderr).toMatch(/^weft-workflows: Timed out/);
    expect(run.code).toBe(9);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it.each([
    [["approvals", "list", "--wait", "--timeout", "soon"]],
    [["runs", "wait", "run_any", "--timeout", "10x"]],
    [["runs", "start", "DEFINITION", "--wait", "--timeout", "1w"]],
  ])("refuses an unreadable --timeout with exit 2 before sending anything: %j", async (argv) => {
    const before = await json<unknown[]>("runs", "list", "--definition", reviewId, "--all");

    const result = await weft(...argv.map((arg) => (arg === "DEFINITION" ? reviewId : arg)));

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--timeout <duration>.*is invalid/);
    expect(await json<unknown[]>("runs", "list", "--definition", reviewId, "--all")).toHaveLength(
      before.length,
    );
  });
});
