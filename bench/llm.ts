import { parseArgs } from "node:util";
import { type LlmHarness, startLlmHarness } from "./lib/llm-harness";
import { createLlmFixture, measureCalls, measureEngine } from "./lib/llm-phases";
import { printLlmReport } from "./lib/llm-report";
import { type LlmBenchOptions, llmResult } from "./lib/llm-result";
import { runBench, wholeNumberOption } from "./lib/run-bench";

/**
 * The engine's own overhead around an LLM call: a fake OpenAI server on loopback answers at once, so what
 * is left is ours. The same request, at the same concurrency, three ways: the official SDK alone, our
 * adapter (createOpenAiProvider), and one-step llm workflows run by the local engine on DynamoDB Local.
 * `npm run bench:llm -- --concurrency 8 --duration 5 --runs 300`.
 */
function readOptions(): LlmBenchOptions {
  const { values } = parseArgs({
    options: {
      concurrency: { type: "string", default: "8" },
      duration: { type: "string", default: "5" },
      runs: { type: "string", default: "300" },
      "create-concurrency": { type: "string", default: "4" },
    },
  });
  return {
    concurrency: wholeNumberOption("concurrency", values.concurrency, 256),
    durationMs: wholeNumberOption("duration", values.duration, 600) * 1000,
    runs: wholeNumberOption("runs", values.runs, 20_000),
    createConcurrency: wholeNumberOption("create-concurrency", values["create-concurrency"], 64),
  };
}

async function main(harness: LlmHarness, options: LlmBenchOptions): Promise<number> {
  console.log(
    `Fake OpenAI at ${harness.fake.baseUrl}, DynamoDB Local at ${harness.dynamoEndpoint}; ` +
      `${options.concurrency} callers/workers, ${options.durationMs / 1000} s per call phase, ${options.runs} runs`,
  );
  // The fixture first: DynamoDB Local has settled (and is idle) when the calls alone are measured.
  const fixture = await createLlmFixture(harness);
  const { sdk, adapter } = await measureCalls(harness, options.concurrency, options.durationMs);
  // Warm-up: the definition cache, the JIT, DynamoDB Local's first writes.
  const warmUp = { ...options, runs: Math.min(options.runs, 4 * options.concurrency) };
  await measureEngine(harness, fixture, warmUp);
  const batch = await measureEngine(harness, fixture, options);
  const result = llmResult(options, sdk, adapter, batch);
  printLlmReport(result);
  if (!result.valid)
    console.error("FAIL: a call failed or a run did not complete; the figures are not valid");
  // Last line: every figure, for scripts.
  console.log(JSON.stringify(result));
  return result.valid ? 0 : 1;
}

await runBench({
  readOptions,
  start: (options) => startLlmHarness({ concurrency: options.concurrency }),
  stopping: "the engine, DynamoDB Local and the fake OpenAI server",
  main,
});
