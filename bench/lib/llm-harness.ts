import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { AesKeyVault } from "../../core/adapters/local/aes-key-vault";
import { startDynamoDbLocal } from "../../core/adapters/local/dynamodb-local";
import { loadConfig } from "../../core/config";
import { createRunAdvancer } from "../../core/engine/advance-run";
import { createDefinitionCache } from "../../core/engine/definition-cache";
import { buildLlmSteps } from "../../core/llm/build-llm-step";
import type { LlmProvider } from "../../core/llm/provider";
import { createProviders } from "../../core/llm/resolve-provider";
import { createPinoLogger } from "../../core/log/pino-logger";
import { systemClock } from "../../core/ports/clock";
import { createHandlerRegistry } from "../../core/steps/handlers/registry";
import { createStepRunner } from "../../core/steps/registry";
import { ensureTable } from "../../core/store/create-table";
import { createDynamoClient } from "../../core/store/dynamo-client";
import { buildDeps } from "../../functions/deps";
import { createLocalTransport } from "../../functions/local-engine";
import { type OpenAiFake, startOpenAiFake } from "../../test/fakes/openai-server";
import { meterDynamo } from "./dynamo-meter";
import type { EngineHarness } from "./engine-harness";
import { countingQueue, countingScheduler, heldQueue, timedAdvancer } from "./engine-meters";
import { Tally } from "./tally";

/**
 * The engine harness of bench/engine.ts for llm steps: the fake OpenAI server (the real wire format, on
 * loopback), DynamoDB Local, and the local engine configured as a self-hoster would point it at a gateway
 * (OPENAI_BASE_URL, OPENAI_API_KEY). The advancer is assembled as functions/advancer.ts does it, except that
 * the OpenAI adapter is wrapped by a timer: each worker invocation records its wall time and the time spent
 * inside the adapter's complete(), so the engine's own share is their difference, call by call.
 */
export interface InvocationTiming {
  wallMs: number;
  providerMs: number;
  providerCalls: number;
}

export interface LlmHarness extends EngineHarness {
  fake: OpenAiFake;
  /** One entry per worker invocation since the last clear (`invocations.length = 0`). */
  invocations: InvocationTiming[];
}

export const FAKE_API_KEY = "sk-bench-fake-0123456789";

export async function startLlmHarness(options: { concurrency: number }): Promise<LlmHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-llm-"));
  const cleanups: (() => unknown)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return stopped;
  };

  try {
    const fake = await startOpenAiFake();
    cleanups.push(() => fake.close());
    const config = loadConfig({
      DATA_DIR: dataDir,
      TABLE_NAME: "weft",
      WORKER_CONCURRENCY: String(options.concurrency),
      LOG_LEVEL: "warn",
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: FAKE_API_KEY,
    });
    const dynamoLocal = await startDynamoDbLocal({ dataDir });
    cleanups.push(() => dynamoLocal.stop());
    const dynamo = createDynamoClient({ region: config.AWS_REGION, endpoint: dynamoLocal.endpoint });
    cleanups.push(() => dynamo.destroy());
    const tally = new Tally();
    meterDynamo(dynamo, tally);
    await ensureTable(dynamo, config.TABLE_NAME);

    const log = createPinoLogger({ level: config.LOG_LEVEL });
    const transport = createLocalTransport({
      concurrency: config.WORKER_CONCURRENCY,
      log,
      clock: systemClock,
    });
    cleanups.push(() => transport.stop());
    const gate = heldQueue(transport.queue);
    const deps = buildDeps(config, log, {
      dynamo,
      queue: countingQueue(gate.queue, tally),
      webhookQueue: transport.webhookQueue,
      scheduler: countingScheduler(transport.scheduler, tally),
      keyVault: new AesKeyVault(randomBytes(32)),
      clock: systemClock,
    });

    const current = new AsyncLocalStorage<InvocationTiming>();
    const providers = createProviders(config);
    const llmSteps = buildLlmSteps(deps, {
      ...providers,
      openai: timedProvider(providers.openai, tally, current),
    });
    // As buildAdvancer (functions/advancer.ts), with the timed adapter.
    const advancer = timedAdvancer(
      createRunAdvancer({
        deps,
        steps: createStepRunner(
          createHandlerRegistry({ http: deps.http, remoteTools: llmSteps.remoteTools }),
          llmSteps.llm,
        ),
        definitionSteps: createDefinitionCache(deps.store),
        processId: randomUUID(),
      }),
      tally,
    );
    const invocations: InvocationTiming[] = [];
    transport.queue.start(async (doorbell) => {
      const timing: InvocationTiming = { wallMs: 0, providerMs: 0, providerCalls: 0 };
      const started = performance.now();
      try {
        await current.run(timing, () => advancer(doorbell));
      } finally {
        timing.wallMs = performance.now() - started;
        invocations.push(timing);
      }
    });
    return {
      fake,
      invocations,
      deps,
      tally,
      dynamoEndpoint: dynamoLocal.endpoint,
      releaseWorkers: gate.release,
      holdWorkers: gate.hold,
      idle: () => transport.queue.idle(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `llm.calls` and `llm.ms` in the tally, and the call's time on the invocation it belongs to. */
function timedProvider(
  inner: LlmProvider,
  tally: Tally,
  current: AsyncLocalStorage<InvocationTiming>,
): LlmProvider {
  return {
    name: inner.name,
    async complete(request) {
      const started = performance.now();
      try {
        return await inner.complete(request);
      } finally {
        const ms = performance.now() - started;
        tally.add("llm.calls");
        tally.add("llm.ms", ms);
        const timing = current.getStore();
        if (timing) {
          timing.providerMs += ms;
          timing.providerCalls += 1;
        }
      }
    },
  };
}
