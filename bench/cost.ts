import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { LIMITS } from "../core/domain/limits";
import { startTimedDevModel } from "./lib/agent-servers";
import { type BilledService, startBilledService } from "./lib/billed-service";
import { createPhaseRunner, MAX_PHASE_ATTEMPTS, type Mode } from "./lib/cost-phases";
import {
  type ModeFigures,
  perRun,
  perStep,
  pricePerMillion,
  printBreakdown,
  printModeTable,
  queueMessages,
  rounded,
  scale,
  subtract,
  type Units,
} from "./lib/cost-report";
import {
  ALL_WEBHOOK_EVENTS,
  ApiClient,
  BENCH_TOOL,
  CHILD_DEFINITION,
  STEP_TYPES,
  type StepType,
  signUp,
  stepsOf,
} from "./lib/cost-workloads";
import { runBench, wholeNumberOption } from "./lib/run-bench";
import { PRICES, SQS_REQUESTS_PER_MESSAGE } from "./lib/step-cost";
import { since } from "./lib/tally";

/**
 * What a step and a run cost in AWS, counted the way DynamoDB bills: the real service (`npm start`, API,
 * engine and run-event worker) on DynamoDB Local behind bench/lib/billing-proxy.ts, which bills every request
 * from the sizes of the items it reads and writes. For each step type, R runs of a workflow of N steps and R
 * of 2N steps are created and driven to their end over the HTTP API (decide and resume calls included); a
 * step costs (units(2N) − units(N)) / (N·R), a run a 1-step run's units less one step. Once in a workspace
 * without webhooks, once in one with a webhook for every event, to show what webhooks add. Queue messages
 * are inferred from the commits (bench/lib/queue-inference.ts). The child-run types (map_item, branch,
 * sub_workflow) cost per child the same way: a step of N children against one of 2N, or N sub-workflow steps
 * against 2N. `npm run bench:cost -- --steps 10 --runs 10`.
 */
interface Options {
  steps: number;
  runs: number;
  types: StepType[];
}

/** The event the bench's event trigger takes, one run per event sent. */
const FIRE_EVENT = "bench.fire";

/** Replies queued on the fake OpenAI server: more than any run of the bench asks for. */
const LLM_REPLIES = 20_000;

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      steps: { type: "string", default: "10" },
      runs: { type: "string", default: "10" },
      types: { type: "string", default: STEP_TYPES.join(",") },
    },
  });
  const types = String(values.types)
    .split(",")
    .map((type) => type.trim());
  for (const type of types) {
    if (!(STEP_TYPES as readonly string[]).includes(type)) {
      throw new Error(`--types takes a comma-separated list of ${STEP_TYPES.join(", ")}; got "${type}"`);
    }
  }
  const steps = wholeNumberOption("steps", values.steps, 200);
  if (types.includes("branch") && 2 * steps > LIMITS.parallelBranches) {
    throw new Error(
      `--types branch runs parallel steps of 2 × --steps branches: at most ${LIMITS.parallelBranches}`,
    );
  }
  return {
    steps,
    runs: wholeNumberOption("runs", values.runs, 200),
    types: types as StepType[],
  };
}

async function main(h: BilledService, options: Options): Promise<number> {
  const { steps: n, runs } = options;
  const api = new ApiClient(h.service.url);
  const httpUrl = `${h.receiver.url}/http-step`;
  console.log(
    `The service on DynamoDB Local through the billing proxy; ${runs} runs of ${n} and ${2 * n} steps per step type`,
  );

  const modes: Mode[] = [];
  for (const [key, webhooks] of [
    ["plain", false],
    ["webhooks", true],
  ] as const) {
    const workspace = await signUp(api, key);
    await api.call("PUT", "/v1/llm-providers", workspace.apiKey, {
      provider: "openai",
      apiKey: "sk-bench-fake",
    });
    await api.call("POST", "/v1/remote-tools", workspace.apiKey, {
      name: BENCH_TOOL,
      url: `${h.receiver.url}/tool`,
    });
    if (webhooks) {
      await api.call("POST", "/v1/webhooks", workspace.apiKey, {
        url: `${h.receiver.url}/webhook`,
        events: ALL_WEBHOOK_EVENTS,
      });
    }
    modes.push({
      key,
      label: webhooks ? "With a webhook registered for every event" : "Without webhooks",
      workspace,
      webhooks,
    });
  }

  const { runPhase, phases } = createPhaseRunner(h, api, runs);

  const figures: Record<Mode["key"], ModeFigures> = {} as Record<Mode["key"], ModeFigures>;
  const backgroundBefore = h.tally.snapshot();
  const measuredFrom = Date.now();
  for (const mode of modes) {
    const define = async (name: string, steps: unknown[]) =>
      (
        await api.call<{ id: string }>("POST", "/v1/workflow-definitions", mode.workspace.apiKey, {
          name,
          version: "1",
          steps,
        })
      ).id;
    await define(CHILD_DEFINITION, stepsOf("noop", 1, { httpUrl }));
    const baselineId = await define("baseline", stepsOf("noop", 1, { httpUrl }));
    const firstLlmId = options.types.includes("llm")
      ? await define("first-llm", stepsOf("llm", 1, { httpUrl }))
      : undefined;
    const definitions = new Map<StepType, [string, string]>();
    for (const type of new Set<StepType>(["noop", ...options.types])) {
      definitions.set(type, [
        await define(`${type}-${n}`, stepsOf(type, n, { httpUrl })),
        await define(`${type}-${2 * n}`, stepsOf(type, 2 * n, { httpUrl })),
      ]);
    }
    const baseline = await runPhase(mode, "baseline", 1, baselineId);
    // A trigger's runs share one key: created one after another, as the phase does, none races another.
    const keyed = mode.webhooks
      ? undefined
      : await runPhase(mode, "baseline", 1, baselineId, { supersessionKey: "bench:cost" });
    // The same one-noop-step run, started by an event an event trigger takes: what the fire adds.
    await api.call("POST", "/v1/triggers", mode.workspace.apiKey, {
      type: "event",
      definitionId: baselineId,
      eventName: FIRE_EVENT,
    });
    const fired = await runPhase(mode, "fired", 1, baselineId, { event: FIRE_EVENT });
    // A run of one llm step against a run of one noop step: what its first model call costs the run.
    const firstLlm = firstLlmId === undefined ? undefined : await runPhase(mode, "llm", 1, firstLlmId);
    const perStepUnits: Record<string, Units> = {};
    for (const [type, [shortId, longId]] of definitions) {
      const short = await runPhase(mode, type, n, shortId);
      const long = await runPhase(mode, type, 2 * n, longId);
      perStepUnits[type] = perStep(short, long, n, runs);
    }
    const noop = perStepUnits.noop ?? {};
    figures[mode.key] = {
      label: `${mode.label} (${runs} runs of ${n} and of ${2 * n} steps per type)`,
      perStep: Object.fromEntries(options.types.map((type) => [type, perStepUnits[type] ?? {}])),
      perRun: perRun(baseline, noop, runs),
      perKeyedRun: keyed && perRun(keyed, noop, runs),
      firstLlmStep: firstLlm && scale(subtract(firstLlm, baseline), 1 / runs),
      triggerFire: scale(subtract(fired, baseline), 1 / runs),
    };
  }
  const measuredMinutes = (Date.now() - measuredFrom) / 60_000;
  const background = since(backgroundBefore, h.tally.snapshot());

  for (const mode of modes) {
    const modeFigures = figures[mode.key];
    printModeTable(modeFigures);
  }
  for (const mode of modes) printBreakdown(figures[mode.key]);
  const webhookExtra = (units: Units, plain: Units) => ({
    wru: (units.wru ?? 0) - (plain.wru ?? 0),
    rru: (units.rru ?? 0) - (plain.rru ?? 0),
    messages: queueMessages(units) - queueMessages(plain),
  });
  console.log("\nWhat a webhook adds (webhooks − without): per step, and per run");
  for (const type of [...options.types, "per run"]) {
    const pick = (mode: Mode["key"]) =>
      type === "per run" ? figures[mode].perRun : (figures[mode].perStep[type] ?? {});
    const extra = webhookExtra(pick("webhooks"), pick("plain"));
    console.log(
      `  ${type.padEnd(15)} WRU ${extra.wru.toFixed(2).padStart(6)}, RRU ${extra.rru.toFixed(2).padStart(6)}, SQS messages ${extra.messages.toFixed(2).padStart(5)}`,
    );
  }

  const perMinute = (key: string) => (background[key] ?? 0) / measuredMinutes;
  console.log(
    `\nBackground, not in the figures above: the sweeps (every 5 s locally) ${perMinute("sweeper.rru").toFixed(1)} RRU/min; ` +
      `API keys' lastUsedAt (once a minute per key in use) ${perMinute("key-touch.wru").toFixed(1)} WRU/min.`,
  );
  const billingErrors = background["proxy.billing-errors"] ?? 0;
  const proxyErrors = background["proxy.errors"] ?? 0;
  const incomplete = phases.filter((phase) => phase.completed !== phase.runs);
  const swept = phases.filter((phase) => phase.sweptEntries > 0);
  if (swept.length > 0) {
    console.log(
      `Note: in ${swept.length} phase(s) the sweeps found overdue entries (a late timer or dispatch) in all ${MAX_PHASE_ATTEMPTS} attempts; their extra reads and writes are in those figures.`,
    );
  }
  const valid = incomplete.length === 0 && billingErrors === 0 && proxyErrors === 0;
  if (!valid) {
    console.error(
      `FAIL: ${incomplete.length} phase(s) with runs that did not complete, ${billingErrors} requests the proxy could not bill, ${proxyErrors} proxy errors`,
    );
  }

  const jsonFigures = (units: Units) => ({
    units: rounded(units),
    sqsMessages: round4(queueMessages(units)),
    dollarsPerMillion: pricePerMillion(units),
  });
  const cpu = cpus();
  const result = {
    bench: "cost",
    stepsN: n,
    runsR: runs,
    method:
      "per step: (units(2N) − units(N)) / (N·R); per run: units(1-step run) / R − one noop step; units billed by bench/lib/billing-proxy.ts from item sizes",
    prices: {
      dynamoWruPerMillion: PRICES.dynamoWru,
      dynamoRruPerMillion: PRICES.dynamoRru,
      sqsRequestPerMillion: PRICES.sqsRequest,
      sqsRequestsPerMessage: SQS_REQUESTS_PER_MESSAGE,
      stepFunctionsStandardPerMillionTransitions: PRICES.stepFunctionsStandardTransition,
    },
    modes: Object.fromEntries(
      modes.map((mode) => [
        mode.key,
        {
          perStep: Object.fromEntries(
            Object.entries(figures[mode.key].perStep).map(([type, units]) => [type, jsonFigures(units)]),
          ),
          perRun: jsonFigures(figures[mode.key].perRun),
          ...(figures[mode.key].perKeyedRun
            ? { perKeyedRun: jsonFigures(figures[mode.key].perKeyedRun as Units) }
            : {}),
          ...(figures[mode.key].firstLlmStep
            ? { firstLlmStep: jsonFigures(figures[mode.key].firstLlmStep as Units) }
            : {}),
          ...(figures[mode.key].triggerFire
            ? { triggerFire: jsonFigures(figures[mode.key].triggerFire as Units) }
            : {}),
        },
      ]),
    ),
    background: {
      measuredMinutes: round4(measuredMinutes),
      sweeperRruPerMinute: round4(perMinute("sweeper.rru")),
      keyTouchWruPerMinute: round4(perMinute("key-touch.wru")),
    },
    phases: phases.map((phase) => ({ ...phase, units: rounded(phase.units) })),
    machine: { cpu: cpu[0]?.model ?? "unknown", cpus: cpu.length, node: process.version },
    valid,
  };
  console.log(JSON.stringify(result));
  return valid ? 0 : 1;
}

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

await runBench({
  readOptions,
  start: async () => {
    // Agents' turns are answered by the development model on Anthropic's wire; llm steps by the OpenAI fake.
    const devModel = await startTimedDevModel();
    const h = await startBilledService({
      label: "cost",
      llmReplies: LLM_REPLIES,
      env: { ANTHROPIC_BASE_URL: devModel.anthropicBaseUrl, ANTHROPIC_API_KEY: "sk-ant-bench-dev-model" },
    });
    return {
      ...h,
      stop: async () => {
        await h.stop();
        await devModel.close();
      },
    };
  },
  stopping: "the service, the billing proxy, the development model and DynamoDB Local",
  main,
});
