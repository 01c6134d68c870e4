import { performance } from "node:perf_hooks";
import OpenAI from "openai";
import { createApp } from "../../core/api/app";
import { createOpenAiProvider } from "../../core/llm/providers/openai";
import type { FakeAnswer } from "../../test/fakes/fake-server";
import { runClosedLoop } from "./closed-loop";
import { createRuns, readRuns } from "./engine-runs";
import { FAKE_API_KEY, type InvocationTiming, type LlmHarness } from "./llm-harness";
import type { Samples } from "./stats";
import { since } from "./tally";

/**
 * The LLM bench's three phases against the same fake, answering at once: the official SDK alone, our
 * adapter, and llm steps through the engine. The same request each time: the model, a system prompt, one user message.
 */
export const MODEL = "gpt-4o-mini";
export const SYSTEM_PROMPT = "You are a terse assistant.";
export const USER_MESSAGE = "Say hello.";
export const ANSWER: FakeAnswer = { text: "Hello.", usage: { input: 14, output: 2 } };
/** A stuck engine fails the bench instead of hanging it. */
const IDLE_TIMEOUT_MS = 60_000;

/** Call phases alternate in slices of about this long, so a drift of the machine's load hits both alike. */
const SLICE_MS = 1_000;
type CallSamples = Samples & { body: unknown };

/**
 * The raw call (the official SDK, one client reused, as an application calling OpenAI directly holds it)
 * and the same call through createOpenAiProvider().complete (as the engine makes it: a client per call),
 * each for `durationMs` in all, in alternating slices after a warm-up of both.
 */
export async function measureCalls(harness: LlmHarness, concurrency: number, durationMs: number) {
  const { fake } = harness;
  const client = new OpenAI({ apiKey: FAKE_API_KEY, baseURL: fake.baseUrl, maxRetries: 0 });
  const sdk = async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: USER_MESSAGE },
      ],
    });
    return completion.choices[0]?.message.content === ANSWER.text;
  };
  const provider = createOpenAiProvider({ baseUrl: fake.baseUrl });
  const adapter = async () => {
    const request = { model: MODEL, system: SYSTEM_PROMPT, apiKey: FAKE_API_KEY, timeoutMs: 60_000 };
    const response = await provider.complete({
      ...request,
      messages: [{ role: "user", content: USER_MESSAGE }],
    });
    return response.text === ANSWER.text;
  };
  const slice = async (call: () => Promise<boolean>, ms: number): Promise<CallSamples> => {
    fake.reset();
    const samples = await runClosedLoop(concurrency, ms, () => {
      fake.reply(ANSWER);
      return call();
    });
    return { ...samples, body: fake.requests[0]?.body };
  };
  await slice(sdk, SLICE_MS / 2); // warm-up: the JIT, keep-alive connections
  await slice(adapter, SLICE_MS / 2);
  const rounds = Math.max(1, Math.round(durationMs / SLICE_MS));
  const sdkSlices: CallSamples[] = [];
  const adapterSlices: CallSamples[] = [];
  for (let round = 0; round < rounds; round++) {
    sdkSlices.push(await slice(sdk, durationMs / rounds));
    adapterSlices.push(await slice(adapter, durationMs / rounds));
  }
  return { sdk: merge(sdkSlices), adapter: merge(adapterSlices) };
}

function merge(slices: readonly CallSamples[]): CallSamples {
  return {
    latenciesMs: slices.flatMap((slice) => slice.latenciesMs),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
    elapsedMs: slices.reduce((sum, slice) => sum + slice.elapsedMs, 0),
    body: slices[0]?.body,
  };
}

/** A workspace (through the API, as a user makes it) and a one-step llm workflow. */
export async function createLlmFixture(harness: LlmHarness) {
  const app = createApp(harness.deps, { clientAddress: () => "127.0.0.1" });
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  };
  const signup = await post("/v1/dashboard-auth/signup", {
    email: "llm-bench@example.com",
    password: "llm bench password",
    workspaceName: "LLM bench",
  });
  const { apiKey, workspace } = signup.data as { apiKey: { key: string }; workspace: { id: string } };
  const step = {
    type: "llm",
    name: "hello",
    model: MODEL,
    systemPrompt: SYSTEM_PROMPT,
    messages: [{ role: "user", content: USER_MESSAGE }],
  };
  const definition = await post(
    "/v1/workflow-definitions",
    { name: "llm-1", version: "1", steps: [step] },
    { "x-api-key": apiKey.key },
  );
  return { workspaceId: workspace.id, definitionId: String(definition.data.id) };
}

type Fixture = Awaited<ReturnType<typeof createLlmFixture>>;

/**
 * As measureBatch in engine-phases.ts: the runs are created with the workers held, then released at once,
 * so the wall time is execution only; `concurrency` workers run them. Also returns every worker
 * invocation's timing and the body the engine sent to the fake.
 */
export async function measureEngine(
  harness: LlmHarness,
  fixture: Fixture,
  options: { runs: number; concurrency: number; createConcurrency: number },
) {
  const { deps, tally, fake } = harness;
  fake.reset();
  fake.reply(...Array.from({ length: options.runs }, () => ANSWER));
  harness.holdWorkers();
  const beforeCreation = tally.snapshot();
  const creationStart = performance.now();
  const created = await createRuns(
    deps,
    fixture.workspaceId,
    fixture.definitionId,
    options.runs,
    options.createConcurrency,
  );
  const creationMs = performance.now() - creationStart;
  const beforeExecution = tally.snapshot();
  harness.invocations.length = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await harness.releaseWorkers();
  await idleWithin(harness);
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const afterExecution = tally.snapshot();
  const invocations: InvocationTiming[] = [...harness.invocations];
  return {
    creation: since(beforeCreation, beforeExecution),
    creationConflicts: created.conflicts,
    execution: since(beforeExecution, afterExecution),
    creationMs,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    runs: await readRuns(deps, fixture.workspaceId, created.runIds, options.concurrency),
    invocations,
    body: fake.requests[0]?.body,
  };
}

async function idleWithin(harness: LlmHarness): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the engine did not finish in ${IDLE_TIMEOUT_MS} ms`)),
      IDLE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([harness.idle(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
