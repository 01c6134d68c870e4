import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BundledEntry,
  type BundleParts,
  bundleEntry,
  bundleParts,
  REPO_ROOT,
} from "../../../bench/lib/lambda-bundle";
import { FUNCTIONS, type FunctionName, RUNTIME_SDK_PACKAGES } from "../../../infra/settings";

/**
 * The functions as `sst deploy` bundles them (BUNDLE through bench/lib/lambda-bundle.ts, the same code
 * bench/bundle.ts measures with): what is left to the runtime, what a cold start reads, and that the
 * chunks split off behind `await import()` still load.
 */
const _source = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");
const entryFile = (name: FunctionName) => join(REPO_ROOT, `${FUNCTIONS[name].handler.split(".")[0]}.ts`);
const SDK_INPUT = /node_modules\/@(aws-sdk|smithy)\//;
const names = Object.keys(FUNCTIONS) as FunctionName[];

let outRoot: string;
const bundles = new Map<FunctionName, BundledEntry & { parts: BundleParts; dir: string }>();

beforeAll(async () => {
  outRoot = mkdtempSync(join(tmpdir(), "weft-bundle-test-"));
  await Promise.all(
    names.map(async (name) => {
      const dir = join(outRoot, name);
      mkdirSync(dir);
      const bundled = await bundleEntry(entryFile(name), dir, join(REPO_ROOT, "node_modules"));
      bundles.set(name, { ...bundled, parts: bundleParts(bundled.metafile), dir });
    }),
  );
});

afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

const bundleOf = (name: FunctionName) => {
  const bundle = bundles.get(name);
  if (!bundle) throw new Error(`${name} was not bundled`);
  return bundle;
};

/** The `@aws-sdk/*` packages the project's own files import (not those the SDK imports itself). */
const sdkImportsOfSources = (name: FunctionName) =>
  new Set(
    Object.entries(bundleOf(name).metafile.inputs)
      .filter(([path]) => !path.includes("node_modules/"))
      .flatMap(([, input]) => input.imports.map((imported) => imported.original ?? imported.path))
      .filter((path) => path.startsWith("@aws-sdk/"))
      .map((path) => path.split("/").slice(0, 2).join("/")),
  );

/** The files whose code a cold start of the function evaluates. */
const coldSourceFiles = (name: FunctionName) =>
  Object.entries(bundleOf(name).metafile.outputs)
    .filter(([path]) => bundleOf(name).parts.coldFiles.includes(path.replace(/\\/g, "/")))
    .flatMap(([, output]) => Object.keys(output.inputs));

const OPTIONAL_NATIVE = ["bufferutil", "utf-8-validate"];

describe("the bundle settings", () => {
  it("list every AWS SDK package the functions import, so the SDK can only move to the runtime whole", () => {
    const shipped: readonly string[] = RUNTIME_SDK_PACKAGES;

    for (const name of names)
      for (const pkg of sdkImportsOfSources(name)) expect(shipped, name).toContain(pkg);
  });
});

describe("each function's bundle", () => {
  it.each(names)(
    "%s: takes the AWS SDK from one place only, never part bundled and part the runtime's",
    (name) => {
      const { metafile, parts } = bundleOf(name);
      const externalSdk = parts.externalImports.filter((path) => path.startsWith("@aws-sdk/"));
      const bundledSdk = Object.keys(metafile.inputs).filter((path) => SDK_INPUT.test(path));

      if (externalSdk.length === 0) {
        expect(bundledSdk.length).toBeGreaterThan(0);
      } else {
        expect(bundledSdk).toEqual([]);
        expect(externalSdk.sort()).toEqual([...sdkImportsOfSources(name)].sort());
      }
      // Nothing else is asked of the runtime: every other package travels in the bundle, except the optional
      // native speed-ups of `ws` (pulled in by @google/genai), which it requires inside a try and goes without.
      const asked = parts.externalImports.filter(
        (path) => !path.startsWith("@aws-sdk/") && !OPTIONAL_NATIVE.includes(path),
      );
      expect(asked).toEqual([]);
    },
  );

  it.each(names)("%s: carries nothing of the development model, which is local only", (name) => {
    const inputs = Object.keys(bundleOf(name).metafile.inputs);

    expect(inputs.some((path) => path.includes("core/llm/"))).toBe(name === "worker" || name === "api");
    expect(inputs.filter((path) => path.includes("dev-model"))).toEqual([]);
  });

  it("worker: loads no LLM provider SDK at a cold start; each is a chunk read on its provider's first call", () => {
    const { parts } = bundleOf("worker");
    const cold = parts.coldInputs.map(({ input }) => input);

    for (const sdk of ["openai", "@anthropic-ai/sdk", "@google/genai"]) expect(cold).not.toContain(sdk);
    expect(parts.lazyBytes).toBeGreaterThan(300_000);
  });

  it("worker: loads the llm step's code, with the ajv and RE2 that check its answers, on its first llm step", () => {
    const cold = bundleOf("worker").parts.coldInputs.map(({ input }) => input);

    for (const pkg of ["ajv", "ajv-formats", "re2js"]) expect(cold).not.toContain(pkg);
    expect(coldSourceFiles("worker")).not.toContain("core/llm/llm-step.ts");
    expect(coldSourceFiles("worker")).toContain("core/llm/build-llm-step.ts");
  });

  it.each(names)(
    "%s: reads triggers without cron-parser, imported on a process's first cron check, next fire time or fire",
    (name) => {
      const cold = bundleOf(name).parts.coldInputs.map(({ input }) => input);

      for (const pkg of ["cron-parser", "luxon"]) expect(cold).not.toContain(pkg);
    },
  );

  it("api: checks definitions' JSON Schemas and regexes with ajv and RE2 imported on the first check, and replays on the first replay", () => {
    const cold = bundleOf("api").parts.coldInputs.map(({ input }) => input);

    for (const pkg of ["ajv", "ajv-formats", "fast-uri", "re2js", "cron-parser", "luxon"]) {
      expect(cold).not.toContain(pkg);
    }
    expect(coldSourceFiles("api")).not.toContain("core/llm/replay-step.ts");
  });

  it("api: carries zod without its locales and unused exports, @hono/zod-openapi's extension included", async () => {
    const zod = bundleOf("api").parts.coldInputs.find(({ input }) => input === "zod");
    expect(zod?.bytes).toBeLessThan(150_000);

    // What infra/esbuild-plugins.mjs changes still does what the library did: ZodType has `.openapi()`.
    const dir = join(outRoot, "zod-openapi-probe");
    mkdirSync(dir);
    const probe = join(dir, "probe.ts");
    writeFileSync(
      probe,
      [
        `import { OpenAPIHono } from ${JSON.stringify(join(REPO_ROOT, "node_modules/@hono/zod-openapi/dist/index.mjs"))};`,
        `import * as z from ${JSON.stringify(join(REPO_ROOT, "node_modules/zod/index.js"))};`,
        "new OpenAPIHono();",
        'process.stdout.write(typeof z.string().openapi + " " + typeof z.object({}).openapi);',
      ].join("\n"),
    );
    const { file } = await bundleEntry(probe, dir);
    const child = spawnSync(process.execPath, ["--no-warnings", file], { encoding: "utf8" });

    expect(child.stderr).toBe("");
    expect(child.stdout).toBe("function function");
  });

  it("api: carries none of Swagger UI, whose files /docs reads from the package on their first request", () => {
    const inputs = Object.keys(bundleOf("api").metafile.inputs);

    expect(coldSourceFiles("api")).toContain("core/api/api-reference.ts");
    expect(inputs.filter((input) => input.includes("swagger-ui"))).toEqual([]);
  });

  it.each([
    ["sweeper", ["runs/run-lists.ts", "run-events/outbox-store.ts"]],
    [
      "runEvents",
      [
        "webhooks/webhook-deliveries.ts",
        "approvals/approval-store.ts",
        "definitions/definition-store.ts",
        "runs/read-run.ts",
      ],
    ],
  ] as const)(
    "%s: carries only the store repositories it uses, not the whole Store nor the API's records",
    (name, uses) => {
      const files = coldSourceFiles(name);
      const repositories = files.filter((path) => path.startsWith("core/adapters/dynamodb/"));

      for (const file of uses) expect(repositories).toContain(`core/adapters/dynamodb/${file}`);
      for (const file of [
        "store.ts",
        "runs/run-store.ts",
        "accounts/account-store.ts",
        "accounts/api-key-store.ts",
        "costs/cost-store.ts",
      ]) {
        expect(repositories).not.toContain(`core/adapters/dynamodb/${file}`);
      }
      expect(files).not.toContain("core/domain/account.ts");
    },
  );

  it("sweeper: parses its settings with zod/mini, and carries nothing of zod's classic API", () => {
    const zod = coldSourceFiles("sweeper").filter((path) => path.startsWith("node_modules/zod/"));

    expect(zod).toContain("node_modules/zod/v4/mini/schemas.js");
    expect(zod.filter((path) => path.includes("/classic/"))).toEqual([]);
  });

  it.each(names)("%s: logs with Powertools' logger, without pino and its transports", (name) => {
    const cold = bundleOf(name).parts.coldInputs.map(({ input }) => input);

    expect(cold).toContain("@aws-lambda-powertools/logger");
    for (const pkg of ["pino", "thread-stream", "sonic-boom"]) expect(cold).not.toContain(pkg);
  });

  it.each(names)(
    "%s: loads the SQS, Scheduler, KMS and S3 clients on first use, not at a cold start",
    (name) => {
      const cold = bundleOf(name).parts.coldInputs.map(({ input }) => input);

      for (const client of [
        "@aws-sdk/client-sqs",
        "@aws-sdk/client-scheduler",
        "@aws-sdk/client-kms",
        "@aws-sdk/client-s3",
      ]) {
        expect(cold).not.toContain(client);
      }
    },
  );

  it.each(names)(
    "%s: a cold start carries none of the protocols only the clients loaded later use (AWS query, XML, REST-JSON)",
    (name) => {
      const cold = coldSourceFiles(name);
      const only = (file: string) => cold.filter((path) => path.endsWith(file));

      // DynamoDB's own protocol, which the cold start does use: the check reads the bundle it means to.
      expect(only("/protocols/json/AwsJson1_0Protocol.js")).toHaveLength(1);
      for (const file of [
        "/protocols/query/AwsQueryProtocol.js",
        "/protocols/xml/XmlShapeDeserializer.js",
        "/xml-builder/dist-es/xml-parser.js",
        "/protocols/json/AwsRestJsonProtocol.js",
        "/checksum/md5/Md5Js.js",
      ]) {
        expect(only(file), file).toEqual([]);
      }
    },
  );

  it.each(names)(
    "%s: loads Powertools' metrics on the first flush of metrics, not at a cold start",
    (name) => {
      const cold = bundleOf(name).parts.coldInputs.map(({ input }) => input);

      expect(cold).not.toContain("@aws-lambda-powertools/metrics");
    },
  );

  it.each(names.filter((name) => name !== "api"))(
    "%s: loads the URL guard's address parsing (ipaddr.js) with the first outbound request, not at a cold start",
    (name) => {
      const cold = bundleOf(name).parts.coldInputs.map(({ input }) => input);

      expect(cold).not.toContain("ipaddr.js");
    },
  );

  it.each(names)("%s: loads nodemailer on the first mail, not at a cold start", (name) => {
    const cold = bundleOf(name).parts.coldInputs.map(({ input }) => input);

    expect(cold).not.toContain("nodemailer");
  });

  it.each(names)(
    "%s: every chunk, the ones behind `await import()` included, loads in a fresh Node",
    (name) => {
      const { dir } = bundleOf(name);
      const chunks = readdirSync(dir).filter((file) => file.endsWith(".mjs") && file !== "bundle.mjs");
      const script = `for (const file of ${JSON.stringify(chunks.map((file) => pathToFileURL(join(dir, file)).href))}) await import(file);`;
      const child = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
        encoding: "utf8",
      });

      expect(chunks.length).toBeGreaterThan(0);
      expect(child.stderr).toBe("");
      expect(child.status).toBe(0);
    },
  );
});
