import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lambdaBuildOptions, REPO_ROOT } from "../../../bench/lib/lambda-bundle";
import { BUNDLE, LAMBDA_RUNTIME, RUNTIME_SDK_PACKAGES } from "../../../infra/settings";

/**
 * The settings every function is bundled with (BUNDLE in infra/settings.ts): the same for `sst deploy` and for
 * the bench, a runtime and target Node 22 runs, and only SDK packages the runtime ships left to it.
 * What the bundles then hold is in bundle.test.ts.
 */
const source = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");

describe("the bundle settings", () => {
  it("are what every function is deployed with and what the bench bundles with", () => {
    const engineAccess = source("infra/engine-access.ts");
    expect(engineAccess).toMatch(/nodejs: nodejsBundle,/);
    expect(engineAccess).toMatch(
      /format: BUNDLE\.format,\s*minify: BUNDLE\.minify,\s*splitting: BUNDLE\.splitting,\s*plugins: BUNDLE\.plugins,/,
    );
    expect(engineAccess).toMatch(
      /esbuild: \{ \.\.\.BUNDLE\.esbuild, external: \[\.\.\.BUNDLE\.esbuild\.external\] \}/,
    );
    for (const file of ["infra/api.ts", "infra/worker.ts", "infra/run-events.ts"]) {
      const declared = source(file).match(/FUNCTIONS\.\w+/g) ?? [];
      expect(source(file), file).toMatch(/engineFunction\(FUNCTIONS\.\w+/);
      expect(declared.length, file).toBeGreaterThan(0);
    }
    expect(source("bench/bundle.ts")).toMatch(/from "\.\/lib\/lambda-bundle"/);

    const options = lambdaBuildOptions("functions/api.ts", "/tmp/out");
    expect(options).toMatchObject({
      format: BUNDLE.format,
      minify: BUNDLE.minify,
      splitting: BUNDLE.splitting,
      target: BUNDLE.esbuild.target,
      keepNames: BUNDLE.esbuild.keepNames,
    });
    expect(options.external).toEqual(expect.arrayContaining([...BUNDLE.esbuild.external]));
    // SST loads the plugins from this path, relative to sst.config.ts; the bench loads the same file.
    expect(existsSync(join(REPO_ROOT, BUNDLE.plugins))).toBe(true);
    expect(options.plugins?.map((plugin) => plugin.name)).toEqual([
      "zod-openapi-without-whole-zod",
      "sdk-imports-from-declaring-files",
    ]);
  });

  it("run every function on Node 22, the Node the code is tested on (node-engines.test.ts)", () => {
    expect(LAMBDA_RUNTIME.runtime).toBe("nodejs22.x");
    expect(source("infra/engine-access.ts")).toMatch(/\.\.\.LAMBDA_RUNTIME,/);
    // ES2023 is the newest edition Node 22 runs in full.
    expect(BUNDLE.esbuild.target).toBe("es2023");
  });

  it("are what the bench's alternative changes only in its externals", () => {
    const deployed = lambdaBuildOptions("functions/sweeper.ts", "/tmp/out");
    const other = lambdaBuildOptions("functions/sweeper.ts", "/tmp/out", { external: RUNTIME_SDK_PACKAGES });

    expect(other.external).toEqual(expect.arrayContaining([...RUNTIME_SDK_PACKAGES]));
    expect({ ...other, external: deployed.external }).toEqual(deployed);
  });

  it("name an esbuild target SST understands (it ignores anything but esYYYY and esnext)", () => {
    expect(BUNDLE.esbuild.target).toMatch(/^(es20\d\d|esnext)$/);
  });

  it("leave to the runtime only AWS SDK packages the Node.js runtime ships", () => {
    const shipped: readonly string[] = RUNTIME_SDK_PACKAGES;

    for (const external of BUNDLE.esbuild.external) expect(shipped).toContain(external);
  });
});
