import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../functions/openapi-document";

const REDOCLY = join("node_modules", "@redocly", "cli", "bin", "cli.js");
// Without these the CLI sends usage telemetry and asks the registry for a newer version.
const OFFLINE = { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

type LintReport = {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string }[];
};

describe("redocly lint of /openapi.json", () => {
  it("reports no problem under redocly.yaml's rules when every route is included", async () => {
    const dir = await mkdtemp(join(tmpdir(), "weft-openapi-"));
    const file = join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(await openApiDocument("https://weft.internal")));

    const report = await lint(file);

    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toEqual(expect.objectContaining({ errors: 0, warnings: 0 }));
  });
});

async function lint(file: string): Promise<LintReport> {
  const args = [REDOCLY, "lint", file, "--config", "redocly.yaml", "--format", "json"];
  const env = { ...process.env, ...OFFLINE };
  // redocly exits 1 when it finds problems; the report on stdout says which.
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return JSON.parse(stdout) as LintReport;
}
