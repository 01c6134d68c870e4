import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "../helpers/http-service";
import { type LocalService, startLocalService } from "../helpers/local-service";

const REPO = resolve(import.meta.dirname, "../..");
const WALKTHROUGH_START = "Try it, in a second terminal while `npm start` runs";

let service: LocalService | undefined;
afterAll(() => service?.stop("SIGTERM"));

/**
 * The README's walkthrough, exactly as a reader pastes it: the block that installs the CLI (in the clone),
 * then the first block and the second, an llm step with a tool answered by the development model.
 */
async function walkthrough(): Promise<{ install: string; first: string; second: string }> {
  const readme = await readFile(join(REPO, "README.md"), "utf8");
  const after = readme.slice(readme.indexOf(WALKTHROUGH_START));
  const [install, first, second] = [...after.matchAll(/```sh\n([\s\S]*?)```/g)].map(
    (match) => match[1] as string,
  );
  if (install === undefined || first === undefined || second === undefined) {
    throw new Error("README lacks its install block and its two walkthrough blocks");
  }
  return { install, first, second };
}

/** The PATH of a reader's shell: npm's global bin first, and none of the repository's node_modules/.bin. */
function readerPath(prefix: string): string {
  const outside = (process.env.PATH ?? "").split(delimiter).filter((dir) => !dir.includes("node_modules"));
  return [join(prefix, "bin"), ...outside].join(delimiter);
}

type Pasted = { code: number; stdout: string; stderr: string };

/** A reader's machine: npm's global folder, a home with no config yet, and an empty directory to paste in. */
async function readerMachine() {
  const dir = await mkdtemp(join(tmpdir(), "weft-readme-"));
  const [prefix, home, here, tmp] = ["npm-global", "home", "here", "tmp"].map((name) => join(dir, name)) as [
    string,
    string,
    string,
    string,
  ];
  await Promise.all([here, tmp, home].map((path) => mkdir(path)));
  const env = {
    ...process.env,
    PATH: readerPath(prefix),
    npm_config_prefix: prefix,
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    // Where the blocks' `mktemp -d` makes their scratch directories.
    TMPDIR: tmp,
  };
  /** Pastes a block into bash in `cwd`: strict as a script (-e), or going on after a failure as a terminal. */
  const paste = async (block: string, cwd: string, baseUrl: string, strict = true): Promise<Pasted> => {
    const flags = strict ? ["-euo", "pipefail"] : [];
    return promisify(execFile)("bash", [...flags, "-c", block], {
      cwd,
      env: { ...env, WEFT_BASE_URL: baseUrl },
      timeout: 120_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: Pasted) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  };
  const apiKey = async () =>
    (JSON.parse(await readFile(join(home, ".config/weft/config.json"), "utf8")) as { apiKey: string }).apiKey;
  return { here, paste, apiKey };
}

describe("the README walkthrough", () => {
  let blocks: Awaited<ReturnType<typeof walkthrough>>;
  let reader: Awaited<ReturnType<typeof readerMachine>>;
  let withoutFlags: string;

  beforeAll(async () => {
    blocks = await walkthrough();
    reader = await readerMachine();
    // The install block, pasted in the clone; npm's global folder is the reader's own (npm_config_prefix).
    const installed = await reader.paste(blocks.install, REPO, "");
    expect(installed.code, installed.stderr).toBe(0);
    ({ url: withoutFlags } = await serveTestApp({ ALLOW_PRIVATE_URLS: "false", DEV_MODELS: "false" }));
  }, 120_000);

  it("runs as pasted in an empty directory outside the clone against npm start, through the installed CLI, and leaves that directory empty", async () => {
    // As the README says to start it for the second block; the first does not mind.
    service = await startLocalService({
      DATA_DIR: join(await mkdtemp(join(tmpdir(), "weft-readme-data-")), ".data"),
      DEV_MODELS: "true",
      ALLOW_PRIVATE_URLS: "true",
    });
    const failed = (pasted: Pasted) =>
      new Error(`walkthrough failed\n${pasted.stdout}\n${pasted.stderr}\n${service?.output()}`);

    const run = await reader.paste(blocks.first, reader.here, service.url);
    if (run.code !== 0) throw failed(run);

    // The run as `runs wait` printed it.
    const runId = run.stdout.match(/^id: (run_\w+)$/m)?.[1];
    expect(run.stdout).toContain("status: COMPLETED");
    expect(run.stdout).toMatch(/APPROVAL_DECIDED[\s\S]*WORKFLOW_COMPLETED/);
    const response = await fetch(`${service.url}/v1/workflow-runs/${runId}`, {
      headers: { "x-api-key": await reader.apiKey() },
    });
    const { data } = (await response.json()) as { data: { output: { draft: unknown } } };
    expect(data.output.draft).toEqual({ text: "Hello Ada, welcome aboard" });

    const llm = await reader.paste(blocks.second, reader.here, service.url);
    if (llm.code !== 0) throw failed(llm);
    // The approval showed the model's answer, which carries what the tool on the reader's machine returned.
    expect(llm.stdout).toContain('order_status returned {"status":"shipped"}');
    expect(llm.stdout).toMatch(/^Approved apr_/m);
    expect(llm.stdout).toContain("status: COMPLETED");
    expect(llm.stdout).toMatch(/stepType: llm/);
    // Where the reader pasted (the clone, often), the blocks wrote nothing for `npm test` to lint.
    expect(await readdir(reader.here)).toEqual([]);
  }, 240_000);

  it("stops the second block at the tool's registration, saying how to start the service, when it was started without the flags", async () => {
    const signedUp = await reader.paste(blocks.first, reader.here, withoutFlags);
    expect(signedUp.code, signedUp.stderr).toBe(0);

    // Pasted into a terminal, which goes on after a failed command unless the block itself stops.
    const pasted = await reader.paste(blocks.second, reader.here, withoutFlags, false);

    expect(pasted.code).not.toBe(0);
    expect(pasted.stderr).toMatch(/HTTP 400: .*scheme http is not allowed/);
    expect(pasted.stderr).toContain("started as DEV_MODELS=true ALLOW_PRIVATE_URLS=true npm start");
    // Nothing after the failed step ran: no definition, no run, no "Route not found" from empty ids.
    expect(pasted.stdout).not.toMatch(/def_|run_/);
    expect(pasted.stderr).not.toContain("Route not found");
  }, 120_000);
});
