import { symlinkSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BuildOptions, build, type Metafile, type Plugin } from "esbuild";
import { BUNDLE } from "../../infra/settings";

/**
 * An entry bundled the way `sst deploy` bundles it: SST's own esbuild settings (sst/sst
 * pkg/runtime/node/build.go: platform node, `module` before `main`, its require/__dirname banner, `sharp`
 * and `pg-native` always external, the output named `bundle.mjs`, chunks beside it when splitting) with
 * the `nodejs` props every function gets from BUNDLE in infra/settings.ts. Both read the same BUNDLE, so
 * what bench/bundle.ts and test/unit/infra measure is what is deployed.
 */
/** The repository: bundled inputs are named relative to it (`core/api/app.ts`, `node_modules/zod/...`). */
export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The plugins SST loads from BUNDLE.plugins, loaded from the same file. */
const PLUGINS = ((await import(pathToFileURL(join(REPO_ROOT, BUNDLE.plugins)).href)) as { default: Plugin[] })
  .default;

const SST_FORCE_EXTERNAL = ["sharp", "pg-native"];
const SST_BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __filename = topLevelFileUrlToPath(import.meta.url)`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
  "",
].join("\n");

/**
 * What may differ from the deployed settings, only to measure an alternative beside them (bench/bundle.ts
 * bundles with the AWS SDK left to the runtime too, to show what that would cost): the packages left
 * external, BUNDLE.esbuild.external unless given.
 */
export interface BundleVariant {
  external?: readonly string[];
}

export function lambdaBuildOptions(
  entry: string,
  outdir: string,
  variant: BundleVariant = {},
): BuildOptions & { metafile: true } {
  return {
    entryPoints: [entry],
    absWorkingDir: REPO_ROOT,
    platform: "node",
    bundle: true,
    format: BUNDLE.format,
    target: BUNDLE.esbuild.target,
    keepNames: BUNDLE.esbuild.keepNames,
    minify: BUNDLE.minify,
    mainFields: ["module", "main"],
    external: [...SST_FORCE_EXTERNAL, ...(variant.external ?? BUNDLE.esbuild.external)],
    banner: { js: SST_BANNER },
    plugins: PLUGINS,
    metafile: true,
    logLevel: "silent",
    ...(BUNDLE.splitting
      ? { splitting: true, outdir, entryNames: "bundle", outExtension: { ".js": ".mjs" } }
      : { outfile: join(outdir, "bundle.mjs") }),
  };
}

export interface BundledEntry {
  /** The handler file, `bundle.mjs`. */
  file: string;
  metafile: Metafile;
}

/**
 * Bundles one entry into its own directory, as deployed unless `variant` says otherwise. `node_modules` is
 * linked beside it, as the runtime's copy of the external packages sits on the function's resolution path
 * in Lambda (NODE_PATH, which the Node.js 18+ runtimes also search for ES module imports).
 */
export async function bundleEntry(
  entry: string,
  outdir: string,
  nodeModules?: string,
  variant: BundleVariant = {},
): Promise<BundledEntry> {
  const { metafile } = await build(lambdaBuildOptions(entry, outdir, variant));
  if (nodeModules) symlinkSync(nodeModules, join(outdir, "node_modules"), "dir");
  return { file: join(outdir, "bundle.mjs"), metafile };
}

/** The output files of a bundle: the handler, the chunks it imports statically, and the chunks loaded later. */
export interface BundleParts {
  /** What a cold start reads and evaluates: the handler and every chunk it statically imports. */
  coldFiles: string[];
  coldBytes: number;
  /** Chunks reached only through `await import()`: read on first use of that path. */
  lazyBytes: number;
  /** Packages (or source folders) by bytes they put into the cold-start files, largest first. */
  coldInputs: { input: string; bytes: number }[];
  /** Imports left external other than Node's built-in modules: what the bundle asks the runtime for. */
  externalImports: string[];
}

const outputKey = (path: string) => path.replace(/\\/g, "/");

/** The package a bundled input belongs to (`zod`, `@hono/zod-openapi`), or its source folder (`core/api`). */
export function inputOwner(path: string): string {
  const inPackage = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage?.[1]) return inPackage[1];
  return path.split("/").slice(0, 2).join("/");
}

export function bundleParts(metafile: Metafile): BundleParts {
  const outputs = Object.entries(metafile.outputs).filter(([path]) => !path.endsWith(".map"));
  const byPath = new Map(outputs.map(([path, output]) => [outputKey(path), output]));
  // Chunks behind `await import()` are entry points too; the handler is the one named `bundle`.
  const entry = outputs.find(([path]) => /(^|\/)bundle\.mjs$/.test(outputKey(path)));
  if (!entry) throw new Error("the bundle has no bundle.mjs");

  const cold = new Set<string>();
  const visit = (path: string) => {
    if (cold.has(path)) return;
    cold.add(path);
    for (const imported of byPath.get(path)?.imports ?? []) {
      if (imported.kind === "import-statement" && byPath.has(outputKey(imported.path))) {
        visit(outputKey(imported.path));
      }
    }
  };
  visit(outputKey(entry[0]));

  const owners = new Map<string, number>();
  const external = new Set<string>();
  let coldBytes = 0;
  let lazyBytes = 0;
  for (const [path, output] of outputs) {
    if (!cold.has(outputKey(path))) {
      lazyBytes += output.bytes;
      continue;
    }
    coldBytes += output.bytes;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const owner = inputOwner(input);
      owners.set(owner, (owners.get(owner) ?? 0) + bytesInOutput);
    }
  }
  for (const [, output] of outputs) {
    for (const imported of output.imports) {
      if (imported.external && !isBuiltin(imported.path)) external.add(imported.path);
    }
  }
  return {
    coldFiles: [...cold],
    coldBytes,
    lazyBytes,
    coldInputs: [...owners]
      .map(([input, bytes]) => ({ input, bytes }))
      .filter(({ bytes }) => bytes > 0)
      .sort((a, b) => b.bytes - a.bytes),
    externalImports: [...external].sort(),
  };
}
