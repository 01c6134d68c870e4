import { describe, expect, it } from "vitest";
import { file, json, reviewId, setUpCli, startedAndPending, weft } from "./cli-fixtures";

/**
 * `weft approvals` on runs of the review definition: waiting for a pending approval and approving an edit
 * from a file, rejecting one (the waited-for run fails: exit 8), deciding one twice (exit 5), and voting on
 * a quorum with the API key, which is no person (exit 3).
 */
setUpCli();

describe("weft (the CLI) against the service over HTTP", () => {
  it("starts a run, waits for its approval, approves an edit from a file and sees it completed", async () => {
    const started = await weft(
      "runs",
      "start",
      reviewId,
      "--input",
      '{"name":"Ada"}',
      "--wait",
      "--until",
      "PAUSED",
    );
    const runId = (started.stdout.match(/^id: (\S+)$/m) ?? [])[1] ?? "";
    const [approval] = await json<{ id: string; content: unknown }[]>(
      "approvals",
      "list",
      "--pending",
      "--run",
      runId,
      "--wait",
    );
    const edit = await file("edit.json", '{"text":"Hello Ada"}');

    const approved = await weft("approvals", "edit", approval?.id ?? "", edit, "--comment", "warmer");
    const done = await weft("--json", "runs", "wait", runId);

    expect(started.code, started.stderr).toBe(0);
    expect(approval?.content).toEqual({ text: "Hi Ada" });
    expect(approved).toEqual(
      expect.objectContaining({ code: 0, stdout: `Approved an edit of ${approval?.id}\n` }),
    );
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual(
      expect.objectContaining({
        status: "COMPLETED",
        output: expect.objectContaining({ draft: { text: "Hello Ada" } }),
      }),
    );
  });

  it("exits 8 when a waited-for run fails, after rejecting its approval with a comment", async () => {
    const { runId, approval } = await startedAndPending();

    const rejected = await weft("approvals", "reject", approval?.id ?? "", "--comment", "too short");
    const waited = await weft("runs", "wait", runId);

    expect(rejected.code).toBe(0);
    expect(waited.code).toBe(8);
    expect(waited.stdout).toContain("status: FAILED");
    expect(waited.stderr).toBe(`weft-workflows: run ${runId} ended FAILED (step check: approval rejected)\n`);
  });

  it("exits 3 when its API key names assignees to meet a quorum: a key is not a person", async () => {
    const quorum = await file(
      "quorum.yaml",
      `name: quorum
version: "1"
steps:
  - type: approval
    name: check
    contentKey: input
    assignees: [v1@example.com, v2@example.com, v3@example.com]
    quorum: { approvals: 2 }
`,
    );
    const definitionId = (await weft("definitions", "create", quorum)).stdout.trim();
    const { approval } = await startedAndPending(definitionId);

    const first = await weft("approvals", "approve", approval?.id ?? "", "--as", "v1@example.com");
    const second = await weft("approvals", "approve", approval?.id ?? "", "--as", "v2@example.com");
    const request = await json<{ votes: unknown[]; decision: string | null }>(
      "approvals",
      "show",
      approval?.id ?? "",
    );

    expect([first.code, second.code]).toEqual([3, 3]);
    expect(request).toEqual(expect.objectContaining({ votes: [], decision: null }));
  });

  it("exits 5 when an approval is decided twice", async () => {
    const { approval } = await startedAndPending();
    await weft("approvals", "approve", approval?.id ?? "");

    const again = await weft("approvals", "approve", approval?.id ?? "");

    expect(again.code).toBe(5);
    expect(again.stderr).toMatch(/^weft-workflows: /);
  });
});
