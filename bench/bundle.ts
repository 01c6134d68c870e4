import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FUNCTIONS } from "../infra/settings";
import { type BundleParts, bundleEntry, bundleParts, REPO_ROOT } from "./lib/lambda-bundle";
import { percentile } from "./lib/stats";

/**
 * Issue 6: each Lambda entry bundled as `sst deploy` bundles it (bench/lib/lambda-bundle.ts: SST's esbuild
 * settings plus BUNDLE from infra/settings.ts, the AWS SDK left to the runtime), the bytes a cold start
 * reads (the handler and the chunks it imports statically; chunks behind `await import()` are counted
 * apart), and its cold module initialisation in a fresh Node process: the import of the bundle, which
 * loads the runtime-provided SDK from node_modules as Lambda loads its own copy and builds the entry's
 * dependencies at module scope. The largest inputs of each cold start follow, so growth shows in review
 * with its cause. Last line: JSON.
 */
const COLD_STARTS = 9;
const TOP_INPUTS = 8;

/** Issue 6's ceilings: bytes a cold start reads (kB = 1000 B), and the median cold module initialisation. */
const TARGETS: Record<string, { bytes: number; initMs: number }> = {
  api: { bytes: 250_000, initMs: 100 },
  worker: { bytes: 600_000, initMs: 100 },
  sweeper: { bytes: 250_000, initMs: 100 },
  webhooks: { bytes: 250_000, initMs: 100 },
};

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

const LLM_SDKS = ["openai", "@anthropic-ai/sdk", "@google/generative-ai"];

interface EntryFigures {
  entry: string;
  /** Bytes a cold start reads: the handler file and the chunks it imports statically. */
  bytes: number;
  /** Bytes of the chunks loaded on first use of a rare path. */
  lazyBytes: number;
  initMsMedian: number;
  initMsMax: number;
  llmSdksAtColdStart: boolean;
  external: string[];
  topInputs: { input: string; bytes: number }[];
  withinTarget: { bytes: boolean; initMs: boolean };
}

function coldInitMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(`file://${file}`)});process.stdout.write(String(performance.now()-t));`;
  const child = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
    env: { ...process.env, ...LAMBDA_ENV },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`${file} failed to load: ${child.stderr}`);
  return Number(child.stdout);
}

const round = (ms: number) => Math.round(ms * 10) / 10;

interface BuiltEntry {
  entry: string;
  file: string;
  parts: BundleParts;
}

async function bundle(entry: string, outRoot: string): Promise<BuiltEntry> {
  const source = join(REPO_ROOT, `${FUNCTIONS[entry as keyof typeof FUNCTIONS].handler.split(".")[0]}.ts`);
  statSync(source);
  const outdir = join(outRoot, entry);
  mkdirSync(outdir);
  const { file, metafile } = await bundleEntry(source, outdir, join(REPO_ROOT, "node_modules"));
  return { entry, file, parts: bundleParts(metafile) };
}

function figures({ entry, parts }: BuiltEntry, timings: number[]): EntryFigures {
  const sorted = [...timings].sort((a, b) => a - b);
  const target = TARGETS[entry] ?? { bytes: Number.POSITIVE_INFINITY, initMs: Number.POSITIVE_INFINITY };
  const initMsMedian = round(percentile(sorted, 50));
  return {
    entry,
    bytes: parts.coldBytes,
    lazyBytes: parts.lazyBytes,
    initMsMedian,
    initMsMax: round(Math.max(...sorted)),
    llmSdksAtColdStart: parts.coldInputs.some(({ input }) => LLM_SDKS.includes(input)),
    external: parts.externalImports,
    topInputs: parts.coldInputs.slice(0, TOP_INPUTS),
    withinTarget: { bytes: parts.coldBytes <= target.bytes, initMs: initMsMedian <= target.initMs },
  };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

const outRoot = mkdtempSync(join(tmpdir(), "weft-bundle-"));
try {
  // Every entry is built before any is timed, and the cold starts take turns, entry by entry: a burst of
  // load on the machine then weighs on all of them alike.
  const built = await Promise.all(Object.keys(FUNCTIONS).map((entry) => bundle(entry, outRoot)));
  const timings = new Map(built.map(({ entry }) => [entry, [] as number[]]));
  for (let turn = 0; turn < COLD_STARTS; turn++) {
    for (const { entry, file } of built) timings.get(entry)?.push(coldInitMs(file));
  }
  const results = built.map((entry) => figures(entry, timings.get(entry.entry) ?? []));
  console.log("entry      cold start (kB)  lazy chunks (kB)  init median / max (ms)  LLM SDKs at cold start");
  for (const f of results) {
    const flag = (ok: boolean) => (ok ? " " : "!");
    const size = `${kB(f.bytes)}${flag(f.withinTarget.bytes)}`.padStart(16);
    const lazy = kB(f.lazyBytes).padStart(17);
    const init = `${f.initMsMedian}${flag(f.withinTarget.initMs)} / ${f.initMsMax}`.padStart(23);
    console.log(`${f.entry.padEnd(10)} ${size} ${lazy}  ${init}  ${f.llmSdksAtColdStart ? "yes" : "no"}`);
  }
  console.log(
    `(${COLD_STARTS} fresh Node ${process.version} processes per entry; Lambda adds its own runtime start; ` +
      "! marks a figure above issue 6's target)",
  );
  for (const f of results) {
    const external = f.external.length > 0 ? f.external.join(", ") : "none";
    console.log(`\n${f.entry}: largest inputs of a cold start (kB); left to the runtime: ${external}`);
    for (const { input, bytes } of f.topInputs) console.log(`  ${kB(bytes).padStart(7)}  ${input}`);
  }
  console.log(JSON.stringify({ bench: "bundle", node: process.version, targets: TARGETS, entries: results }));
} finally {
  rmSync(outRoot, { recursive: true, force: true });
}
