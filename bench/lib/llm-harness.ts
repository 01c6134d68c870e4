import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";
import type { LlmProvider } from "../../core/domain/llm-call";
import { type OpenAiFake, startOpenAiFake } from "../../test/fakes/openai-server";
import { type EngineHarness, startEngineHarness } from "./engine-harness";
import type { Tally } from "./tally";

/**
 * The engine harness of bench/engine.ts for llm steps: the fake OpenAI server (the real wire format, on
 * loopback), DynamoDB Local, and the local engine configured as a self-hoster would point it at a gateway
 * (OPENAI_BASE_URL, OPENAI_API_KEY), with the OpenAI adapter wrapped by a timer: each worker invocation records its wall time and the time spent
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
  const fake = await startOpenAiFake();
  const current = new AsyncLocalStorage<InvocationTiming>();
  const invocations: InvocationTiming[] = [];
  try {
    const harness = await startEngineHarness({
      concurrency: options.concurrency,
      env: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: FAKE_API_KEY },
      wrapProviders: (providers, tally) => ({
        ...providers,
        openai: timedProvider(providers.openai, tally, current),
      }),
      wrapWorker: (advance) => async (doorbell) => {
        const timing: InvocationTiming = { wallMs: 0, providerMs: 0, providerCalls: 0 };
        const started = performance.now();
        try {
          await current.run(timing, () => advance(doorbell));
        } finally {
          timing.wallMs = performance.now() - started;
          invocations.push(timing);
        }
      },
    });
    return {
      ...harness,
      fake,
      invocations,
      stop: async () => {
        await harness.stop();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
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
