import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type PluginBuild } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleParts, REPO_ROOT } from "../../../bench/lib/lambda-bundle";

/**
 * infra/esbuild-plugins.mjs's sdk-imports-from-declaring-files on small packages laid out as the SDK's are
 * (tsc's dist-es, barrels re-exporting files, package.json `sideEffects`), bundled with code splitting as the
 * functions are: what a cold start holds, what still runs, and the build failing where it cannot read a name.
 */
const { sdkImportsFromDeclaringFiles } = (await import(
  pathToFileURL(join(REPO_ROOT, "infra/esbuild-plugins.mjs")).href
)) as { sdkImportsFromDeclaringFiles: Plugin };

let root: string;

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const sdkPackage = (name: string, sideEffects: unknown, files: Record<string, string>) => {
  write(
    `node_modules/${name}/package.json`,
    JSON.stringify({ name, type: "module", module: "./dist-es/index.js", sideEffects }),
  );
  for (const [file, text] of Object.entries(files)) write(`node_modules/${name}/dist-es/${file}`, text);
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "weft-sdk-imports-"));
  // A barrel as @smithy/core's submodules are: one file re-exporting several, one of them only a lazily
  // loaded client uses; and one file the package declares with side effects.
  sdkPackage("@smithy/fixture", ["./dist-es/register.js"], {
    "index.js": [
      'export { cold } from "./cold.js";',
      'export * from "./lazy-only.js";',
      'import { helper } from "./helper.js";',
      "export { helper };",
      'export * from "./nested.js";',
    ].join("\n"),
    // A barrel re-exported by the barrel: importing the outer one evaluated the file it re-exports.
    "nested.js": 'export { registered } from "./register.js";\n',
    "cold.js": 'export const cold = () => "cold";\n',
    "lazy-only.js": 'export class LazyOnlyProtocol { name() { return "lazy-only-protocol"; } }\n',
    "helper.js": 'export function helper() { return "helper"; }\n',
    "register.js": 'globalThis.fixtureRegistered = true;\nexport const registered = "registered";\n',
  });
  sdkPackage("@aws-sdk/fixture-client", false, {
    "index.js": 'export { coldClient } from "./cold-client.js";\n',
    "cold-client.js": [
      'import { cold, helper } from "@smithy/fixture";',
      'export const coldClient = () => [cold(), helper(), globalThis.fixtureRegistered === true].join(" ");',
    ].join("\n"),
    "lazy-client.js": [
      'import { LazyOnlyProtocol, cold } from "@smithy/fixture";',
      'export const lazyClient = () => [new LazyOnlyProtocol().name(), cold()].join(" ");',
    ].join("\n"),
  });
  write(
    "entry.js",
    [
      'import { coldClient } from "@aws-sdk/fixture-client";',
      "console.log(coldClient());",
      'const { lazyClient } = await import("@aws-sdk/fixture-client/dist-es/lazy-client.js");',
      "console.log(lazyClient());",
    ].join("\n"),
  );
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function bundle(name: string, plugins: Plugin[]) {
  const outdir = join(root, "out", name);
  const { metafile } = await build({
    entryPoints: [join(root, "entry.js")],
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "esm",
    splitting: true,
    outdir,
    entryNames: "bundle",
    outExtension: { ".js": ".mjs" },
    metafile: true,
    logLevel: "silent",
    plugins,
  });
  const parts = bundleParts(metafile);
  const coldInputs = Object.entries(metafile.outputs)
    .filter(([path]) => parts.coldFiles.includes(path))
    .flatMap(([, output]) => Object.keys(output.inputs));
  const run = spawnSync(process.execPath, [join(outdir, "bundle.mjs")], { encoding: "utf8" });
  return { coldInputs, stdout: run.stdout, stderr: run.stderr };
}

describe("sdk-imports-from-declaring-files", () => {
  it("keeps what only a chunk loaded later uses out of the chunks a cold start reads", async () => {
    const plain = await bundle("plain", []);
    const flattened = await bundle("flattened", [sdkImportsFromDeclaringFiles]);
    const lazyOnly = "node_modules/@smithy/fixture/dist-es/lazy-only.js";

    // esbuild alone: the barrel makes every file it re-exports reachable from the entry that imports it.
    expect(plain.coldInputs).toContain(lazyOnly);
    expect(flattened.coldInputs).not.toContain(lazyOnly);
    expect(flattened.coldInputs).toContain("node_modules/@smithy/fixture/dist-es/cold.js");
  });

  it("imports the same bindings, and still evaluates the files the barrel re-exported for their side effects", async () => {
    const { stdout, stderr } = await bundle("runs", [sdkImportsFromDeclaringFiles]);

    expect(stderr).toBe("");
    expect(stdout).toBe("cold helper true\nlazy-only-protocol cold\n");
  });

  it("runs on the plugin API SST gives it: onResolve, onLoad and onEnd only", async () => {
    const onLoad: ((args: { path: string }) => Promise<{ contents?: string } | undefined>)[] = [];
    const sstStandIn = {
      onResolve() {},
      onLoad: (_: unknown, callback: (typeof onLoad)[number]) => onLoad.push(callback),
      onEnd() {},
    };
    sdkImportsFromDeclaringFiles.setup(sstStandIn as unknown as PluginBuild);
    const coldClient = join(root, "node_modules/@aws-sdk/fixture-client/dist-es/cold-client.js");

    const loaded = await onLoad[0]?.({ path: coldClient });

    expect(loaded?.contents).toContain(
      `import { cold as cold } from ${JSON.stringify(join(root, "node_modules/@smithy/fixture/dist-es/cold.js"))};`,
    );
    expect(loaded?.contents).toContain(
      `import ${JSON.stringify(join(root, "node_modules/@smithy/fixture/dist-es/register.js"))};`,
    );
  });

  it("fails the build, naming the import, when a barrel declares a name in a shape it does not read", async () => {
    write("node_modules/@smithy/fixture/dist-es/cold.js", 'export const first = 1, cold = () => "cold";\n');

    await expect(bundle("unread", [sdkImportsFromDeclaringFiles])).rejects.toThrow(
      /`cold` from "@smithy\/fixture" is declared nowhere infra\/esbuild-plugins\.mjs can read/,
    );
  });
});
