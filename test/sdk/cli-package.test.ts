import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { home, setUpCli, url } from "./cli-fixtures";

/**
 * The package as `npm pack` makes it from a clone, installed with `npm i -g` into a prefix of its own: its
 * bin, named as the package so that `npx` resolves nothing else, runs the compiled CLI from a directory
 * outside the repository.
 */
setUpCli();

const SDK = resolve(import.meta.dirname, "../../sdk");
const exec = promisify(execFile);

describe("the sdk package", () => {
  it("packs, installs globally and runs its bin, named as the package, outside the repository", async () => {
    const dir = await mkdtemp(join(tmpdir(), "weft-pack-"));
    const manifest = JSON.parse(await readFile(join(SDK, "package.json"), "utf8")) as {
      name: string;
      version: string;
      bin: Record<string, string>;
    };
    const packed = await exec("npm", ["pack", "--json", "--pack-destination", dir], { cwd: SDK });
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    const prefix = join(dir, "prefix");
    await exec(
      "npm",
      ["i", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", filename],
      {
        cwd: dir,
      },
    );
    const env = { ...process.env, XDG_CONFIG_HOME: home, WEFT_BASE_URL: url };
    const bin = join(prefix, "bin", manifest.name);

    const version = await exec(bin, ["--version"], { cwd: dir, env });
    const missing = await exec(bin, ["runs", "show", "run_missing"], { cwd: dir, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );

    expect(manifest.name).not.toBe("weft");
    expect(Object.keys(manifest.bin)).toEqual([manifest.name]);
    expect(existsSync(join(prefix, "lib/node_modules", manifest.name, "src"))).toBe(false);
    expect(version.stdout.trim()).toBe(manifest.version);
    expect(missing).toMatchObject({
      code: 4,
      stderr: expect.stringMatching(/^weft-workflows: .*not found/i),
    });
  }, 180_000);
});
