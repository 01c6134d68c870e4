import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { percentile } from "./lib/stats";

/**
 * Issue 6: each Lambda entry bundled as SST would (esbuild, minified, ESM for Node 22), its size, and its
 * cold module initialisation in a fresh Node process (import of the bundle, which builds the entry's
 * dependencies at module scope), so growth shows in review. Last line: JSON.
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRIES = ["api", "worker", "sweeper", "webhooks"];
const COLD_STARTS = 7;

/** What the infra gives every function; the entries read it at load time. */
const LAMBDA_ENV = {
  TABLE_NAME: "weft-bench",
  AWS_REGION: "us-east-1",
  STEP_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/steps",
  STEP_QUEUE_ARN: "arn:aws:sqs:us-east-1:123456789012:steps",
  WEBHOOK_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/webhooks",
  SCHEDULE_GROUP: "weft-bench",
  SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/scheduler",
  KMS_KEY_ID: "arn:aws:kms:us-east-1:123456789012:key/bench",
  LOG_LEVEL: "silent",
};

interface EntryFigures {
  entry: string;
  bytes: number;
  initMsMedian: number;
  initMsMax: number;
  includesLlmSdks: boolean;
}

async function measure(entry: string, outDir: string): Promise<EntryFigures | undefined> {
  const source = join(ROOT, "functions", `${entry}.ts`);
  try {
    statSync(source);
  } catch {
    return undefined;
  }
  const outfile = join(outDir, `${entry}.mjs`);
  const result = await build({
    entryPoints: [source],
    outfile,
    bundle: true,
    minify: true,
    platform: "node",
    target: "node22",
    format: "esm",
    metafile: true,
    logLevel: "silent",
    // ESM bundles of CommonJS dependencies need require(); SST adds the same banner.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  const inputs = Object.keys(result.metafile.inputs);
  const includesLlmSdks = inputs.some((path) =>
    /node_modules\/(openai|@anthropic-ai|@google\/generative-ai)\//.test(path),
  );
  const timings: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    const script = `const t=performance.now();await import(${JSON.stringify(`file://${outfile}`)});process.stdout.write(String(performance.now()-t));`;
    const child = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
      env: { ...process.env, ...LAMBDA_ENV },
      encoding: "utf8",
    });
    if (child.status !== 0) throw new Error(`${entry} failed to load: ${child.stderr}`);
    timings.push(Number(child.stdout));
  }
  return {
    entry,
    bytes: statSync(outfile).size,
    initMsMedian:
      Math.round(
        percentile(
          [...timings].sort((a, b) => a - b),
          50,
        ) * 10,
      ) / 10,
    initMsMax: Math.round(Math.max(...timings) * 10) / 10,
    includesLlmSdks,
  };
}

const outDir = mkdtempSync(join(tmpdir(), "weft-bundle-"));
try {
  const figures = (await Promise.all(ENTRIES.map((entry) => measure(entry, outDir)))).filter(
    (entry): entry is EntryFigures => entry !== undefined,
  );
  console.log("entry      size (KiB)  cold init median / max (ms)  LLM SDKs bundled");
  for (const f of figures) {
    const size = (f.bytes / 1024).toFixed(1).padStart(10);
    const init = `${f.initMsMedian} / ${f.initMsMax}`.padStart(27);
    console.log(`${f.entry.padEnd(10)} ${size}  ${init}  ${f.includesLlmSdks ? "yes" : "no"}`);
  }
  console.log(
    `(${COLD_STARTS} fresh Node ${process.version} processes per entry; Lambda adds its own runtime start)`,
  );
  console.log(JSON.stringify({ bench: "bundle", node: process.version, entries: figures }));
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
