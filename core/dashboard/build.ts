/**
 * `npm run build:dashboard`: bundles and minifies the dashboard (client JSX + CSS) with esbuild into
 * dist/dashboard/, with content-hashed asset names and a manifest the server's HTML shell reads. The API
 * function never imports this code: it serves the files.
 *
 * `npm start` runs it every time, and several services may start at once (the tests do), so it skips the
 * build when its sources are unchanged, and writes each file by an atomic rename, the manifest last: a
 * running service never reads a half-written file.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { DashboardManifest } from "./server/manifest";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const outDir = resolve(root, process.env.DASHBOARD_OUT_DIR ?? "dist/dashboard");
const assetsDir = join(outDir, "assets");
const manifestPath = join(outDir, "manifest.json");
/** Assets of earlier builds are kept this long, for pages still open on them. */
const STALE_ASSET_MS = 60 * 60 * 1000;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** A hash of everything the bundle is made from: this script, the client, the styles, and hono's version. */
function sourceHash(): string {
  const hash = createHash("sha256");
  const inputs = [
    fileURLToPath(import.meta.url),
    ...files(join(here, "client")),
    ...files(join(here, "styles")),
    join(root, "node_modules/hono/package.json"),
  ].sort();
  for (const file of inputs) hash.update(relative(root, file)).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

function readManifest(): DashboardManifest | undefined {
  try {
    return JSON.parse(readFileSync(manifestPath, "utf8")) as DashboardManifest;
  } catch {
    return undefined;
  }
}

function writeAtomically(path: string, contents: Uint8Array | string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

async function main(): Promise<void> {
  const started = Date.now();
  const source = sourceHash();
  if (!process.argv.includes("--force") && readManifest()?.sourceHash === source) {
    process.stdout.write("dashboard up to date\n");
    return;
  }
  mkdirSync(assetsDir, { recursive: true });
  const result = await build({
    entryPoints: { app: join(here, "client/main.tsx"), style: join(here, "styles/dashboard.css") },
    outdir: assetsDir,
    entryNames: "[name]-[hash]",
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: ["chrome111", "firefox114", "safari16.4"],
    jsx: "automatic",
    jsxImportSource: "hono/jsx/dom",
    tsconfig: join(here, "client/tsconfig.json"),
    legalComments: "none",
    write: false,
    logLevel: "warning",
  });
  const written: string[] = [];
  for (const output of result.outputFiles) {
    writeAtomically(output.path, output.contents);
    written.push(basename(output.path));
    process.stdout.write(
      `  ${relative(root, output.path)}  ${(output.contents.length / 1024).toFixed(1)} KiB\n`,
    );
  }
  const asset = (prefix: string, ext: string) => {
    const name = written.find((file) => file.startsWith(prefix) && file.endsWith(ext));
    if (!name) throw new Error(`esbuild produced no ${prefix}*${ext}`);
    return `/assets/${name}`;
  };
  const manifest: DashboardManifest = {
    script: asset("app-", ".js"),
    style: asset("style-", ".css"),
    sourceHash: source,
  };
  writeAtomically(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

  for (const name of readdirSync(assetsDir)) {
    const path = join(assetsDir, name);
    if (!written.includes(name) && Date.now() - statSync(path).mtimeMs > STALE_ASSET_MS)
      rmSync(path, { force: true });
  }
  process.stdout.write(`dashboard built into ${relative(root, outDir)}/ in ${Date.now() - started} ms\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`dashboard build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
