import { describe, expect, it } from "vitest";
import { file, json, REVIEW_YAML, reviewId, setUpCli, weft } from "./cli-fixtures";

/**
 * `weft runs` acting on runs: a rerun from a step and a dry-run upgrade to another version, and a signal
 * sent, a run cancelled and a run's events followed to its end with `weft runs tail`.
 */
setUpCli();

describe("weft (the CLI) against the service over HTTP", () => {
  it("reruns a run from a step, and checks an upgrade to another version without moving it", async () => {
    const runId = (await weft("runs", "start", reviewId, "--input", '{"name":"Bo"}')).stdout.trim();
    const second = (
      await weft("definitions", "create", await file("review-2.yaml", REVIEW_YAML.replace('"1"', '"2"')))
    ).stdout.trim();

    const upgrade = await json<{ outcome: string; toDefinitionId: string }>(
      "runs",
      "upgrade",
      runId,
      "--definition",
      second,
      "--dry-run",
    );
    await weft("runs", "cancel", runId);
    const rerun = await weft("runs", "rerun", runId, "--from", "check");
    const paused = await json<{ status: string; input: unknown }>(
      "runs",
      "wait",
      rerun.stdout.trim(),
      "--until",
      "PAUSED",
    );

    expect(upgrade).toEqual(expect.objectContaining({ toDefinitionId: second, outcome: expect.any(String) }));
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stdout).toMatch(/^run_\w+\n$/);
    expect(paused).toEqual(expect.objectContaining({ status: "PAUSED", input: { name: "Bo" } }));
  });

  it("sends a signal, cancels a run and follows a run's events to its end", async () => {
    const waits = await file(
      "waits.json",
      JSON.stringify({
        name: "pay",
        version: "1",
        steps: [{ type: "external_event", name: "paid", signalType: "payment" }],
      }),
    );
    const definitionId = (await weft("definitions", "create", waits)).stdout.trim();
    const paid =
      (await weft("runs", "start", definitionId, "--wait", "--until", "WAITING")).stdout.match(
        /^id: (\S+)$/m,
      )?.[1] ?? "";
    const other = (await weft("runs", "start", definitionId)).stdout.trim();

    const signal = await json<{ status: string }>(
      "runs",
      "signal",
      paid,
      "payment",
      "--payload",
      '{"amount":12}',
      "--id",
      "p-1",
    );
    const tail = await weft("runs", "tail", paid);
    const cancelled = await json<{ status: string }>("runs", "cancel", other);

    expect(signal).toEqual({ status: "delivered" });
    expect(tail.code, tail.stderr).toBe(0);
    expect(tail.stdout).toMatch(
      /WORKFLOW_STARTED[\s\S]*SIGNAL_RECEIVED paid[\s\S]*WORKFLOW_COMPLETED\nend COMPLETED\n$/,
    );
    expect(cancelled.status).toBe("CANCELLED");
  });
});
