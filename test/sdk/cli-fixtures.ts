import { randomBytes } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, expect } from "vitest";
import { runCli } from "../../sdk/src/cli/main";
import { serveTestApp } from "../helpers/http-service";

/**
 * Shared by the tests of `weft`, the CLI (cli-*.test.ts): the service over HTTP of each file's own, a config
 * directory signed up to it with a review definition (setUpCli), and running `weft …` in that directory.
 */
type Result = { code: number; stdout: string; stderr: string };

export let url: string;
export let home: string;

/** Runs `weft …` in-process with its own config directory, as a user's shell would. */
export async function weft(...argv: string[]): Promise<Result> {
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

export async function json<T>(...argv: string[]): Promise<T> {
  const result = await weft("--json", ...argv);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

export async function file(name: string, text: string): Promise<string> {
  const path = join(home, name);
  await writeFile(path, text);
  return path;
}

export const REVIEW_YAML = `name: review
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

export let email: string;
export let reviewId: string;

/**
 * Before the file's tests: serves its app (with `env` added to its settings), signs up with `weft signup` in a
 * new config directory and creates the review definition from YAML. Call once per file.
 */
export function setUpCli(env: Record<string, string> = {}): void {
  beforeAll(async () => {
    ({ url } = await serveTestApp(env));
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
}

/** Starts a run of the review definition (or another) and waits for its pending approval, as the CLI lists it. */
export async function startedAndPending(
  definitionId = reviewId,
): Promise<{ runId: string; approval: { id: string } | undefined }> {
  const runId = (await weft("runs", "start", definitionId)).stdout.trim();
  const [approval] = await json<{ id: string }[]>("approvals", "list", "--pending", "--run", runId, "--wait");
  return { runId, approval };
}
