import { parseArgs } from "node:util";
import { type AgentFigures, agentFigures, printAgentReport } from "./lib/agent-report";
import { type BenchTool, startBenchTool, startTimedDevModel, type TimedDevModel } from "./lib/agent-servers";
import { type BilledService, startBilledService } from "./lib/billed-service";
import { cleanupStack } from "./lib/cleanups";
import { ApiClient, observeRun, signUp, sleep } from "./lib/cost-workloads";
import { runBench, wholeNumberOption } from "./lib/run-bench";

/**
 * The agent step's cost per turn over a long conversation (issue 34, docs/agents.md): one agent run of
 * `--turns` turns, each calling one tool, on the real service (`npm start`: API, engine, run-event worker and
 * sweeper) with DynamoDB behind the billing proxy. The development model answers it (served by the bench, so
 * each model call's time on the server is known) and asks for the tool `--turns` times (`TOOL ROUNDS:`); the
 * tool is a loopback server that notes when each turn's call arrives and what had been billed until then.
 * A turn is the time and the units from one tool call to the next; the bench prints the engine's time (the
 * model's and the tool's taken out) and the write units per turn for the first and last `--window` turns.
 * `npm run bench:agent -- --turns 1000 --window 100`.
 */
interface Options {
  turns: number;
  window: number;
}

interface Target {
  billed: BilledService;
  model: TimedDevModel;
  tool: BenchTool;
  stop(): Promise<void>;
}

/** How long a turn may take on average before the bench gives up on the run. */
const DEADLINE_MS_PER_TURN = 2_000;
const POLL_MS = 500;

function readOptions(): Options {
  const { values } = parseArgs({
    options: { turns: { type: "string", default: "1000" }, window: { type: "string", default: "100" } },
  });
  const turns = wholeNumberOption("turns", values.turns, 9_999);
  const window = wholeNumberOption("window", values.window, 1_000);
  if (2 * window > turns - 1) throw new Error(`--window ${window} needs at least ${2 * window + 1} --turns`);
  return { turns, window };
}

async function start(): Promise<Target> {
  const cleanups = cleanupStack();
  try {
    const model = await startTimedDevModel();
    cleanups.push(() => model.close());
    let billed: BilledService | undefined;
    const tool = await startBenchTool(() => billed?.tally.snapshot() ?? {});
    cleanups.push(() => tool.close());
    billed = await startBilledService({ label: "agent", env: { OPENAI_BASE_URL: model.openAiBaseUrl } });
    const service = billed;
    cleanups.push(() => service.stop());
    return { billed, model, tool, stop: cleanups.stop };
  } catch (error) {
    await cleanups.stop();
    throw error;
  }
}

async function main(target: Target, options: Options): Promise<number> {
  const { billed, tool, model } = target;
  const api = new ApiClient(billed.service.url);
  const workspace = await signUp(api, "agent");
  await api.call("PUT", "/v1/llm-providers", workspace.apiKey, {
    provider: "openai",
    apiKey: "sk-bench-dev",
  });
  await api.call("POST", "/v1/remote-tools", workspace.apiKey, { name: "lookup_order", url: tool.url });
  const definition = await api.call<{ id: string }>("POST", "/v1/workflow-definitions", workspace.apiKey, {
    name: "long-agent",
    version: "1",
    steps: [
      {
        type: "agent",
        name: "agent",
        model: "gpt-4o-mini",
        systemPrompt: "You look the order up before each answer.",
        messages: [{ role: "user", content: `Where is order o-1? TOOL ROUNDS: ${options.turns}` }],
        tools: [
          {
            remoteTool: "lookup_order",
            name: "lookup_order",
            description: "Where an order is",
            parameters: {
              type: "object",
              properties: { orderId: { type: "string", default: "o-1" } },
              required: ["orderId"],
            },
          },
        ],
        maxTurns: options.turns + 1,
      },
    ],
  });
  console.log(
    `One agent run of ${options.turns} turns (a tool call each) on the service through the billing proxy`,
  );
  const startedAt = Date.now();
  const run = await api.call<{ id: string }>("POST", "/v1/workflow-runs", workspace.apiKey, {
    definitionId: definition.id,
    input: {},
  });
  const deadline = startedAt + options.turns * DEADLINE_MS_PER_TURN;
  let status = "";
  for (;;) {
    status = (await observeRun(billed.dynamo, billed.tableName, workspace.id, run.id)).status;
    if (["COMPLETED", "FAILED", "CANCELLED"].includes(status) || Date.now() > deadline) break;
    await sleep(POLL_MS);
  }
  const figures: AgentFigures = agentFigures(options, {
    status,
    elapsedMs: Date.now() - startedAt,
    toolCalls: tool.calls,
    modelCalls: model.calls,
  });
  printAgentReport(figures);
  if (!figures.valid) console.error(`FAIL: ${figures.invalidBecause}`);
  // Last line: every figure, for scripts.
  console.log(JSON.stringify(figures));
  return figures.valid ? 0 : 1;
}

await runBench({
  readOptions,
  start,
  stopping: "the service, DynamoDB Local, the development model and the tool",
  main,
});
