import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../sdk/src/cli/main";
import { serveTestApp } from "../helpers/http-service";

type Result = { code: number; stdout: string; stderr: string };

let url: string;
let home: string;

/** Runs `weft …` in-process with its own config directory, as a user's shell would. */
async function weft(...argv: string[]): Promise<Result> {
  let stdout = "";
  let stderr = "";
  const env = { XDG_CONFIG_HOME: home, WEFT_BASE_URL: url, HOME: home };
  const code = await runCli(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
  });
  return { code, stdout, stderr };
}

async function json<T>(...argv: string[]): Promise<T> {
  const result = await weft("--json", ...argv);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

async function file(name: string, text: string): Promise<string> {
  const path = join(home, name);
  await writeFile(path, text);
  return path;
}

const REVIEW_YAML = `name: review
version: "1"
steps:
  - type: task
    name: draft
    handler: set_state
    config: { values: { draft: { text: "Hi {{input.name}}" } } }
  - type: wait
    name: pause
    durationMs: 200
  - type: approval
    name: check
    contentKey: draft
    prompt: Send this?
`;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

let email: string;
let reviewId: string;

beforeAll(async () => {
  ({ url } = await serveTestApp());
  home = await mkdtemp(join(tmpdir(), "weft-cli-"));
  email = `cli-${randomBytes(4).toString("hex")}@example.com`;
  const signup = await weft(
    "signup",
    "--email",
    email,
    "--password",
    "correct horse battery",
    "--workspace",
    "Acme",
  );
  expect(signup.code, signup.stderr).toBe(0);
  reviewId = (await weft("definitions", "create", await file("review.yaml", REVIEW_YAML))).stdout.trim();
});

describe("weft (the CLI) against the service over HTTP", () => {
  it("saves the sign-up's key to $XDG_CONFIG_HOME/weft/config.json, readable by its owner only", async () => {
    const path = join(home, "weft", "config.json");

    const saved = JSON.parse(await readFile(path, "utf8")) as { apiKey: string; baseUrl: string };
    const shown = await json<{ apiKey: string; configFile: string }>("config");

    expect(saved.apiKey).toMatch(/^svc_/);
    expect(saved.baseUrl).toBe(url);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(shown).toEqual(
      expect.objectContaining({ configFile: path, apiKey: `${saved.apiKey.slice(0, 12)}…` }),
    );
  });

  it("creates a definition from YAML, prints its id, and lists and shows it", async () => {
    const listed = await weft("definitions", "list");
    const shown = await json<{ id: string; stepsJson: { name: string }[] }>("definitions", "show", reviewId);

    expect(reviewId).toMatch(/^def_/);
    expect(listed.stdout.split("\n")[0]).toMatch(/^ID\s+NAME\s+VERSION\s+CREATEDAT$/);
    expect(listed.stdout).toContain(reviewId);
    expect(shown.stepsJson.map((step) => step.name)).toEqual(["draft", "pause", "check"]);
  });

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

  it("creates an event trigger from YAML, starts runs by sending events, and pauses and deletes it", async () => {
    const spec = `type: event\ndefinitionId: ${reviewId}\neventName: user.signed_up\n`;
    const triggerId = (await weft("triggers", "create", await file("trigger.yaml", spec))).stdout.trim();

    const sent = await weft(
      "events",
      "send",
      "user.signed_up",
      "--payload",
      '{"name":"Cy"}',
      "--id",
      "evt-1",
    );
    const paused = await weft("triggers", "pause", triggerId);
    const ignored = await json<{ runs: unknown[] }>("events", "send", "user.signed_up", "--id", "evt-2");
    const listed = await weft("-q", "triggers", "list");
    const deleted = await weft("triggers", "delete", triggerId);

    expect(triggerId).toMatch(/^trg_/);
    expect(sent.stdout).toMatch(/^run_\w+\n$/);
    expect(paused.stdout).toBe(`Trigger ${triggerId} is paused\n`);
    expect(ignored.runs).toEqual([]);
    expect(listed.stdout).toBe(`${triggerId}\n`);
    expect(deleted.code).toBe(0);
  });

  it("exits 8 when a waited-for run fails, after rejecting its approval with a comment", async () => {
    const runId = (await weft("runs", "start", reviewId)).stdout.trim();
    const [approval] = await json<{ id: string }[]>(
      "approvals",
      "list",
      "--pending",
      "--run",
      runId,
      "--wait",
    );

    const rejected = await weft("approvals", "reject", approval?.id ?? "", "--comment", "too short");
    const waited = await weft("runs", "wait", runId);

    expect(rejected.code).toBe(0);
    expect(waited.code).toBe(8);
    expect(waited.stdout).toContain("status: FAILED");
    expect(waited.stderr).toBe(`weft: run ${runId} ended FAILED\n`);
  });

  it("exits 5 when an approval is decided twice", async () => {
    const runId = (await weft("runs", "start", reviewId)).stdout.trim();
    const [approval] = await json<{ id: string }[]>(
      "approvals",
      "list",
      "--pending",
      "--run",
      runId,
      "--wait",
    );
    await weft("approvals", "approve", approval?.id ?? "");

    const again = await weft("approvals", "approve", approval?.id ?? "");

    expect(again.code).toBe(5);
    expect(again.stderr).toMatch(/^weft: /);
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

  it("lists runs as a table, as JSON and as ids, and costs as a document", async () => {
    const table = await weft("runs", "list", "--definition", reviewId, "--all");
    const ids = await weft("-q", "runs", "list", "--definition", reviewId);
    const runs = await json<{ definitionId: string }[]>(
      "runs",
      "list",
      "--definition",
      reviewId,
      "--page-size",
      "2",
    );
    const costs = await json<{ totalCostUsd: number }>("costs", "summary");

    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+STATUS\s+DEFINITIONID\s+CURRENTSTEPNAME\s+CREATEDAT$/);
    const all = await json<unknown[]>("runs", "list", "--definition", reviewId, "--all");
    expect(table.stdout.trim().split("\n")).toHaveLength(all.length + 1);
    expect(runs).toHaveLength(2);
    expect(ids.stdout).toMatch(new RegExp(`^(run_\\w+\\n){${all.length}}$`));
    expect(costs.totalCostUsd).toBe(0);
  });

  it("lists the runs created --since an age or a date and --before one, and exits 2 on a moment it cannot read", async () => {
    const all = await json<{ id: string }[]>("runs", "list", "--definition", reviewId, "--all");
    const lastHour = await json<{ id: string }[]>("runs", "list", "--definition", reviewId, "--since", "1h");
    const beforeAnHourAgo = await json<unknown[]>("runs", "list", "--before", "1h");
    const sinceTomorrow = await json<unknown[]>("runs", "list", "--since", tomorrow());
    const unreadable = await weft("runs", "list", "--since", "last week");

    expect(all.length).toBeGreaterThan(0);
    expect(lastHour.map((run) => run.id)).toEqual(all.slice(0, 20).map((run) => run.id));
    expect(beforeAnHourAgo).toEqual([]);
    expect(sinceTomorrow).toEqual([]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain("--since takes an age");
  });

  it("creates, lists and revokes a key, and logs in with e-mail and password", async () => {
    const created = await json<{ id: string; key: string }>("keys", "create", "ci");
    const listed = await json<{ id: string }[]>("keys", "list");
    const revoked = await weft("keys", "revoke", created.id);
    const login = await weft("login", "--email", email, "--password", "correct horse battery");
    const names = (await json<{ name: string }[]>("keys", "list")).map((key) => key.name);

    expect(listed.map((key) => key.id)).toContain(created.id);
    expect(revoked).toEqual(expect.objectContaining({ code: 0, stdout: `Revoked ${created.id}\n` }));
    expect(login.code, login.stderr).toBe(0);
    expect(names).toContain("weft CLI");
  });

  it.each([
    [["runs", "show", "run_missing"], 4, /^weft: .*not found/i],
    [["runs", "frobnicate"], 2, /unknown command/],
    [["runs", "start", "def_x", "--input", "not json"], 2, /^weft: --input is not valid JSON/],
    [["approvals", "list", "--run", "run_none", "--wait", "--timeout", "0.3"], 9, /^weft: Timed out/],
  ] as const)("exits %j with %i and says why on stderr", async (argv, code, message) => {
    const result = await weft(...argv);

    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
  });

  it("exits 6 when the service refuses a definition, and 2 with no API key anywhere", async () => {
    const bad = await weft(
      "definitions",
      "create",
      await file("bad.json", '{"name":"x","version":"1","steps":[]}'),
    );
    const keyless = await runCli(["runs", "list"], {
      stdout: () => undefined,
      stderr: () => undefined,
      env: { XDG_CONFIG_HOME: await mkdtemp(join(tmpdir(), "weft-empty-")), WEFT_BASE_URL: url },
    });

    expect(bad.code).toBe(6);
    expect(keyless).toBe(2);
  });

  it("exits with the same codes as a process run through the package's bin", async () => {
    const run = promisify(execFile)(process.execPath, ["sdk/bin/weft.js", "runs", "show", "run_missing"], {
      env: { ...process.env, XDG_CONFIG_HOME: home, WEFT_BASE_URL: url },
    });

    await expect(run).rejects.toMatchObject({ code: 4, stderr: expect.stringMatching(/^weft: /) });
  });
});
