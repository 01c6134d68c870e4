import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runCli } from "../../sdk/src/cli/main";
import { file, home, setUpCli, url, weft } from "./cli-fixtures";

/**
 * `weft`'s exit codes and messages on stderr when a command goes wrong: not found, unknown command, bad
 * input, waiting on a run that does not exist, a definition the service refuses, no API key anywhere, and the same codes from a process
 * run through the package's bin.
 */
setUpCli();

describe("weft (the CLI) against the service over HTTP", () => {
  it.each([
    [["runs", "show", "run_missing"], 4, /^weft-workflows: .*not found/i],
    [["runs", "frobnicate"], 2, /unknown command/],
    [["runs", "start", "def_x", "--input", "not json"], 2, /^weft-workflows: --input is not valid JSON/],
    [["approvals", "list", "--run", "run_none", "--wait"], 4, /^weft-workflows: .*not found/i],
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
    const run = promisify(execFile)(
      process.execPath,
      ["sdk/bin/weft-workflows.js", "runs", "show", "run_missing"],
      {
        env: { ...process.env, XDG_CONFIG_HOME: home, WEFT_BASE_URL: url },
      },
    );

    await expect(run).rejects.toMatchObject({ code: 4, stderr: expect.stringMatching(/^weft-workflows: /) });
  });
});
