import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BUNDLE, FUNCTIONS, type FunctionName, RUNTIME_SDK_PACKAGES } from "../infra/settings";
import {
  type BundleParts,
  type BundleVariant,
  bundleEntry,
  bundleParts,
  REPO_ROOT,
} from "./lib/lambda-bundle";
import { percentile } from "./lib/stats";

/**
 * Issue 12, "small Lambda bundles": each Lambda entry bundled exactly as `sst deploy` bundles it
 * (bench/lib/lambda-bundle.ts: SST's esbuild settings plus BUNDLE from infra/settings.ts, the same
 * externals and minification), and per function:
 * - the bytes a cold start reads, minified: the handler and the chunks it imports statically (chunks behind
 *   `await import()`, read on first use of a rare path, are counted apart);
 * - its cold module initialisation, median and maximum over `--runs` fresh Node processes: the import of
 *   the bundle, with whatever it leaves external resolved from node_modules as Lambda resolves the
 *   runtime's copy from /var/runtime/node_modules;
 * - the same two figures with the AWS SDK moved to the other side (left to the runtime when the deployed
 *   bundle carries it, bundled when it does not), measured in the same run, so the choice in
 *   RUNTIME_SDK_PACKAGES is checked on every run rather than argued once;
 * - the largest inputs of a cold start, so growth shows in review with its cause.
 * The processes take turns, entry by entry and variant by variant: a burst of load on the machine then
 * weighs on all of them alike. Last line: JSON with the targets and whether each is met.
 */
const { values: args } = parseArgs({ options: { runs: { type: "string", default: "9" } } });
const COLD_STARTS = Number(args.runs);
const TOP_INPUTS = 8;

/** Issue 12's ceilings: bytes a cold start reads (kB = 1000 B, minified), and the median cold module init. */
const TARGETS: Record<FunctionName, { bytes: number; initMs: number }> = {
  api: { bytes: 250_000, initMs: 100 },
  worker: { bytes: 600_000, initMs: 100 },
  sweeper: { bytes: 250_000, initMs: 100 },
  runEvents: { bytes: 250_000, initMs: 100 },
};

/** What the infra gives every function; the entries read it at load time. */
const LAMBDA_ENV = {
  TABLE_NAME: "weft-bench",
  AWS_REGION: "us-east-1",
  STEP_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/steps",
  STEP_QUEUE_ARN: "arn:aws:sqs:us-east-1:123456789012:steps",
  RUN_EVENT_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/run-events",
  SCHEDULE_GROUP: "weft-bench",
  SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/scheduler",
  KMS_KEY_ID: "arn:aws:kms:us-east-1:123456789012:key/bench",
  LOG_LEVEL: "silent",
};

const LLM_SDKS = ["openai", "@anthropic-ai/sdk", "@google/genai"];

/** The deployed bundle, and the same with the AWS SDK moved to the other side. */
const DEPLOYED_SDK_FROM_RUNTIME = RUNTIME_SDK_PACKAGES.every((pkg) =>
  (BUNDLE.esbuild.external as readonly string[]).includes(pkg),
);
const VARIANTS = {
  deployed: {},
  otherSdk: {
    external: DEPLOYED_SDK_FROM_RUNTIME
      ? BUNDLE.esbuild.external.filter((pkg) => !(RUNTIME_SDK_PACKAGES as readonly string[]).includes(pkg))
      : [...new Set([...BUNDLE.esbuild.external, ...RUNTIME_SDK_PACKAGES])],
  },
} as const satisfies Record<string, BundleVariant>;
type VariantName = keyof typeof VARIANTS;

interface Built {
  entry: FunctionName;
  variant: VariantName;
  file: string;
  parts: BundleParts;
}

interface Timed {
  bytes: number;
  initMsMedian: number;
  initMsMax: number;
  /**
   * CPU time (user + system, all threads) of the same imports, median: less swayed than wall time when
   * other work shares the machine, which the wall figures then overstate; the target is on wall time.
   */
  initCpuMsMedian: number;
}

interface EntryFigures extends Timed {
  entry: FunctionName;
  /** Bytes of the chunks loaded on first use of a rare path. */
  lazyBytes: number;
  llmSdksAtColdStart: boolean;
  /** What the bundle asks the runtime for (beyond Node's built-in modules). */
  external: string[];
  topInputs: { input: string; bytes: number }[];
  withinTarget: { bytes: boolean; initMs: boolean };
  /** The same entry with the AWS SDK on the other side, for comparison only. */
  otherSdk: Timed & { sdkFromRuntime: boolean };
}

/** One cold start: the bundle's import in a fresh Node, in wall time and in CPU time of that process. */
function coldInit(file: string): { ms: number; cpuMs: number } {
  const script = [
    // The Lambda runtime's global, which a streaming function URL's handler (the API's) wraps itself in.
    "globalThis.awslambda??={streamifyResponse:(h)=>h,HttpResponseStream:{from:(s)=>s}};",
    "const c=process.cpuUsage(),t=performance.now();",
    `await import(${JSON.stringify(`file://${file}`)});`,
    "const ms=performance.now()-t,u=process.cpuUsage(c);",
    "process.stdout.write(JSON.stringify({ms,cpuMs:(u.user+u.system)/1000}));",
  ].join("");
  const child = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
    env: { ...process.env, ...LAMBDA_ENV },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`${file} failed to load: ${child.stderr}`);
  return JSON.parse(child.stdout) as { ms: number; cpuMs: number };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function bundle(entry: FunctionName, variant: VariantName, outRoot: string): Promise<Built> {
  const source = join(REPO_ROOT, `${FUNCTIONS[entry].handler.split(".")[0]}.ts`);
  statSync(source);
  const outdir = join(outRoot, `${entry}-${variant}`);
  mkdirSync(outdir);
  const { file, metafile } = await bundleEntry(
    source,
    outdir,
    join(REPO_ROOT, "node_modules"),
    VARIANTS[variant],
  );
  return { entry, variant, file, parts: bundleParts(metafile) };
}

function timed(parts: BundleParts, timings: { ms: number; cpuMs: number }[]): Timed {
  const wall = timings.map(({ ms }) => ms).sort((a, b) => a - b);
  const cpu = timings.map(({ cpuMs }) => cpuMs).sort((a, b) => a - b);
  return {
    bytes: parts.coldBytes,
    initMsMedian: round(percentile(wall, 50)),
    initMsMax: round(Math.max(...wall)),
    initCpuMsMedian: round(percentile(cpu, 50)),
  };
}

function figures(
  deployed: Built,
  other: Built,
  timings: Map<Built, { ms: number; cpuMs: number }[]>,
): EntryFigures {
  const { entry, parts } = deployed;
  const own = timed(parts, timings.get(deployed) ?? []);
  const target = TARGETS[entry];
  return {
    entry,
    ...own,
    lazyBytes: parts.lazyBytes,
    llmSdksAtColdStart: parts.coldInputs.some(({ input }) => LLM_SDKS.includes(input)),
    external: parts.externalImports,
    topInputs: parts.coldInputs.slice(0, TOP_INPUTS),
    withinTarget: { bytes: own.bytes <= target.bytes, initMs: own.initMsMedian <= target.initMs },
    otherSdk: { sdkFromRuntime: !DEPLOYED_SDK_FROM_RUNTIME, ...timed(other.parts, timings.get(other) ?? []) },
  };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const sdkVersion = (
  JSON.parse(readFileSync(join(REPO_ROOT, "node_modules/@aws-sdk/client-dynamodb/package.json"), "utf8")) as {
    version: string;
  }
).version;

const outRoot = mkdtempSync(join(tmpdir(), "weft-bundle-"));
try {
  const names = Object.keys(FUNCTIONS) as FunctionName[];
  const built = await Promise.all(
    names.flatMap((entry) => [bundle(entry, "deployed", outRoot), bundle(entry, "otherSdk", outRoot)]),
  );
  const loadBefore = loadavg()[0] ?? 0;
  const timings = new Map(built.map((b) => [b, [] as { ms: number; cpuMs: number }[]]));
  for (let turn = 0; turn < COLD_STARTS; turn++) {
    for (const b of built) timings.get(b)?.push(coldInit(b.file));
  }
  const load = { before: round(loadBefore), after: round(loadavg()[0] ?? 0), cpus: availableParallelism() };
  const results = names.map((entry) => {
    const of = (variant: VariantName) => {
      const found = built.find((b) => b.entry === entry && b.variant === variant);
      if (!found) throw new Error(`${entry} ${variant} was not built`);
      return found;
    };
    return figures(of("deployed"), of("otherSdk"), timings);
  });

  const otherLabel = DEPLOYED_SDK_FROM_RUNTIME ? "AWS SDK bundled" : "AWS SDK from the runtime";
  console.log(
    `entry      cold start (kB)  lazy chunks (kB)  init median / max (ms)  CPU (ms)  LLM SDKs | ${otherLabel}: cold (kB), init median, CPU (ms)`,
  );
  for (const f of results) {
    const flag = (ok: boolean) => (ok ? " " : "!");
    const size = `${kB(f.bytes)}${flag(f.withinTarget.bytes)}`.padStart(16);
    const lazy = kB(f.lazyBytes).padStart(17);
    const init = `${f.initMsMedian}${flag(f.withinTarget.initMs)} / ${f.initMsMax}`.padStart(23);
    const cpu = String(f.initCpuMsMedian).padStart(8);
    const llm = (f.llmSdksAtColdStart ? "yes" : "no").padEnd(8);
    const o = f.otherSdk;
    const other = `${kB(o.bytes).padStart(8)}  ${String(o.initMsMedian).padStart(7)}  ${String(o.initCpuMsMedian).padStart(7)}`;
    console.log(`${f.entry.padEnd(10)} ${size} ${lazy}  ${init}  ${cpu}  ${llm} | ${other}`);
  }
  console.log(
    `(${COLD_STARTS} fresh Node ${process.version} processes per bundle; externals from node_modules, ` +
      `@aws-sdk ${sdkVersion} standing in for the runtime's copy; load average ${load.before} → ${load.after} ` +
      `on ${load.cpus} CPUs; Lambda adds its own runtime start; ! marks a figure above issue 12's target)`,
  );
  for (const f of results) {
    const external = f.external.length > 0 ? f.external.join(", ") : "none";
    console.log(`\n${f.entry}: largest inputs of a cold start (kB); left to the runtime: ${external}`);
    for (const { input, bytes } of f.topInputs) console.log(`  ${kB(bytes).padStart(7)}  ${input}`);
  }
  console.log(
    JSON.stringify({
      bench: "bundle",
      issue: 12,
      node: process.version,
      runs: COLD_STARTS,
      load,
      sdkInNodeModules: sdkVersion,
      deployedSdkFromRuntime: DEPLOYED_SDK_FROM_RUNTIME,
      targets: TARGETS,
      entries: results,
      met: Object.fromEntries(results.map((f) => [f.entry, f.withinTarget])),
      allMet: results.every((f) => f.withinTarget.bytes && f.withinTarget.initMs),
    }),
  );
} finally {
  rmSync(outRoot, { recursive: true, force: true });
}
