import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { type LocalService, startLocalService } from "../test/helpers/local-service";
import { type KilledRun, killChecks, killChecksPassed } from "./lib/agent-kill-checks";
import { type BenchTool, startBenchTool, startTimedDevModel, type TimedDevModel } from "./lib/agent-servers";
import { cleanupStack } from "./lib/cleanups";
import { ApiClient, signUp, sleep, type Workspace } from "./lib/cost-workloads";
import { runBench, wholeNumberOption } from "./lib/run-bench";
import { round } from "./lib/stats";

/**
 * Issue 34's crash proof for the agent step: `--kills` SIGKILLs of `npm start` (API, engine and workers in
 * one process, no shutdown handler run) at random moments while agent runs of `--turns` tool rounds go on,
 * each kill followed by a restart on the same DATA_DIR; a new run starts whenever the last one completed.
 * The development model and the tool are the bench's, so they outlive every kill and see every call. At the
 * end every run must have completed with each turn in its transcript once, every tool call repeated only
 * with its first key, and at most one model call repeated per kill (bench/lib/agent-kill-checks.ts).
 * `npm run bench:agent-kills -- --kills 100 --turns 50 --max-delay-ms 3000`.
 */
interface Options {
  kills: number;
  turns: number;
  maxDelayMs: number;
}

interface Target {
  dataDir: string;
  model: TimedDevModel;
  tool: BenchTool;
  service?: LocalService;
  stop(): Promise<void>;
}

const RUN_DEADLINE_MS = 120_000;
const POLL_MS = 250;
const TERMINAL = ["COMPLETED", "FAILED", "CANCELLED"];

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      kills: { type: "string", default: "100" },
      turns: { type: "string", default: "50" },
      "max-delay-ms": { type: "string", default: "3000" },
    },
  });
  return {
    kills: wholeNumberOption("kills", values.kills, 10_000),
    turns: wholeNumberOption("turns", values.turns, 1_000),
    maxDelayMs: wholeNumberOption("max-delay-ms", values["max-delay-ms"], 600_000),
  };
}

async function start(): Promise<Target> {
  const cleanups = cleanupStack();
  const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-kills-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const model = await startTimedDevModel();
  cleanups.push(() => model.close());
  const tool = await startBenchTool(() => ({}));
  cleanups.push(() => tool.close());
  const target: Target = { dataDir, model, tool, stop: cleanups.stop };
  cleanups.push(() => target.service?.stop("SIGTERM"));
  return target;
}

function launch(target: Target): Promise<LocalService> {
  return startLocalService({
    DATA_DIR: target.dataDir,
    // Empty counts as unset: a developer's DYNAMODB_ENDPOINT must not send the bench to another database.
    DYNAMODB_ENDPOINT: "",
    ALLOW_PRIVATE_URLS: "true",
    OPENAI_BASE_URL: target.model.openAiBaseUrl,
    RATE_LIMIT_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
  });
}

async function main(target: Target, options: Options): Promise<number> {
  target.service = await launch(target);
  const api = () => new ApiClient(target.service?.url ?? "");
  const workspace: Workspace = await signUp(api(), "kills");
  await api().call("PUT", "/v1/llm-providers", workspace.apiKey, {
    provider: "openai",
    apiKey: "sk-bench-dev",
  });
  await api().call("POST", "/v1/remote-tools", workspace.apiKey, {
    name: "lookup_order",
    url: target.tool.url,
  });
  const definition = await api().call<{ id: string }>("POST", "/v1/workflow-definitions", workspace.apiKey, {
    name: "killed-agent",
    version: "1",
    steps: [
      {
        type: "agent",
        name: "agent",
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: `Where is order {{input.mark}}? TOOL ROUNDS: ${options.turns}` }],
        tools: [{ remoteTool: "lookup_order" }],
        maxTurns: options.turns + 1,
      },
    ],
  });
  console.log(
    `${options.kills} SIGKILLs of npm start, each within ${options.maxDelayMs} ms of the last start, during agent runs of ${options.turns} tool rounds`,
  );
  const runs: { id: string; mark: string }[] = [];
  const killedAtMs: number[] = [];
  const delays: number[] = [];
  const statusOf = async (runId: string) =>
    (await api().call<{ status: string }>("GET", `/v1/workflow-runs/${runId}`, workspace.apiKey)).status;
  const startRun = async () => {
    const mark = `k${runs.length + 1}k`;
    const run = await api().call<{ id: string }>("POST", "/v1/workflow-runs", workspace.apiKey, {
      definitionId: definition.id,
      input: { mark },
    });
    runs.push({ id: run.id, mark });
  };
  await startRun();
  while (killedAtMs.length < options.kills) {
    const last = runs.at(-1);
    if (last && TERMINAL.includes(await statusOf(last.id))) await startRun();
    const delay = Math.floor(Math.random() * options.maxDelayMs);
    delays.push(delay);
    await sleep(delay);
    await target.service.stop("SIGKILL");
    killedAtMs.push(performance.now());
    target.service = await launch(target);
    if (killedAtMs.length % 10 === 0) console.log(`${killedAtMs.length} kills, ${runs.length} runs started`);
  }

  const ended: KilledRun[] = [];
  for (const run of runs) ended.push(await endOf(api(), workspace, run));
  const checks = killChecks(
    ended,
    { tool: target.tool.calls, model: target.model.calls, killedAtMs },
    options.turns,
  );
  const passed = killChecksPassed(checks);
  const result = {
    kills: killedAtMs.length,
    turnsPerRun: options.turns,
    meanDelayMs: round(delays.reduce((sum, delay) => sum + delay, 0) / Math.max(1, delays.length)),
    ...checks,
    passed,
  };
  console.log(
    `\n${checks.completed} of ${checks.runs} runs COMPLETED after ${result.kills} kills; ` +
      `${checks.transcriptFaults} transcript faults (a turn repeated or missing); ` +
      `${checks.toolCalls} tool calls, ${checks.repeatedToolCalls} repeated, ${checks.unexpectedToolKeys} with a key of no committed turn, ${checks.missingToolKeys} committed turns never called; ` +
      `${checks.modelCalls} model calls, ${checks.repeatedModelCalls} repeated, at most ${checks.mostRepeatedModelCallsAfterAKill} after one kill`,
  );
  if (!passed) console.error("FAIL: a check above did not hold");
  // Last line: every figure, for scripts.
  console.log(JSON.stringify(result));
  return passed ? 0 : 1;
}

/** Waits for the run to end, then reads its agent step's transcript. */
async function endOf(
  api: ApiClient,
  workspace: Workspace,
  run: { id: string; mark: string },
): Promise<KilledRun> {
  const deadline = Date.now() + RUN_DEADLINE_MS;
  for (;;) {
    const found = await api.call<{ status: string; steps: { id: string; stepName: string }[] }>(
      "GET",
      `/v1/workflow-runs/${run.id}`,
      workspace.apiKey,
    );
    const stepRunId = found.steps.find((step) => step.stepName === "agent")?.id ?? "";
    if (TERMINAL.includes(found.status) || Date.now() > deadline) {
      const transcript = stepRunId
        ? await api.call<KilledRun["transcript"]>(
            "GET",
            `/v1/workflow-runs/${run.id}/steps/${stepRunId}/transcript`,
            workspace.apiKey,
          )
        : { turns: 0, messages: [] };
      return { runId: run.id, mark: run.mark, stepRunId, status: found.status, transcript };
    }
    await sleep(POLL_MS);
  }
}

await runBench({
  readOptions,
  start,
  stopping: "the service, the development model and the tool",
  main,
});
