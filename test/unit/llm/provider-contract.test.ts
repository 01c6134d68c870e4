import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LlmProvider } from "../../../core/domain/llm-call";
import { createAnthropicProvider } from "../../../core/llm/providers/anthropic";
import { createGoogleProvider } from "../../../core/llm/providers/google";
import { createOpenAiProvider } from "../../../core/llm/providers/openai";
import { startAnthropicFake } from "../../fakes/anthropic-server";
import { type FakeServer, header, type RecordedRequest } from "../../fakes/fake-server";
import { startGoogleFake } from "../../fakes/google-server";
import { llmRequest, providerError, WORKSPACE_KEY } from "../../fakes/llm-requests";
import { startOpenAiFake } from "../../fakes/openai-server";

/** What every adapter must do the same way, each through its official SDK against its fake server. */
interface Setup {
  name: string;
  model: string;
  start(): Promise<FakeServer & { baseUrl: string }>;
  create(baseUrl: string): LlmProvider;
  /** The API key as the provider's wire carries it. */
  key(request: RecordedRequest | undefined): string | undefined;
}

const SETUPS: Setup[] = [
  {
    name: "openai",
    model: "gpt-4o-mini",
    start: startOpenAiFake,
    create: (baseUrl) => createOpenAiProvider({ baseUrl }),
    key: (request) => header(request, "authorization")?.replace(/^Bearer /, ""),
  },
  {
    name: "anthropic",
    model: "claude-haiku-4-5",
    start: startAnthropicFake,
    create: (baseUrl) => createAnthropicProvider({ baseUrl }),
    // This SDK version sends the key as a bearer token; older ones used x-api-key. Either is the key.
    key: (request) =>
      header(request, "x-api-key") ?? header(request, "authorization")?.replace(/^Bearer /, ""),
  },
  {
    name: "google",
    model: "gemini-2.0-flash",
    start: startGoogleFake,
    create: (baseUrl) => createGoogleProvider({ baseUrl }),
    key: (request) => header(request, "x-goog-api-key"),
  },
];

describe.each(SETUPS)("$name adapter", (setup) => {
  let fake: FakeServer & { baseUrl: string };
  let provider: LlmProvider;

  beforeAll(async () => {
    fake = await setup.start();
    provider = setup.create(fake.baseUrl);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("returns the text, usage and answering model", async () => {
    fake.reply({ text: "Hi there", usage: { input: 12, output: 3 }, model: `${setup.model}-2099-01-01` });
    const response = await provider.complete(llmRequest(setup.model));
    expect(response).toEqual({
      text: "Hi there",
      toolCalls: [],
      usage: { inputTokens: 12, outputTokens: 3, cachedInputTokens: 0 },
      model: `${setup.model}-2099-01-01`,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("sends the request's (workspace) key, never the server's credentials from the environment", async () => {
    // What the SDKs would otherwise pick up by themselves.
    const serverEnv = [
      "OPENAI_API_KEY",
      "OPENAI_ORG_ID",
      "OPENAI_PROJECT_ID",
      "ANTHROPIC_API_KEY",
      "ANTHROPIC_AUTH_TOKEN",
    ];
    for (const name of serverEnv) process.env[name] = "server-credential";
    try {
      fake.reply({ text: "ok" }, { text: "ok" });
      await provider.complete(llmRequest(setup.model));
      const other = "sk-other-workspace-9876543210";
      await provider.complete(llmRequest(setup.model, { apiKey: other }));
      expect(fake.requests.map(setup.key)).toEqual([WORKSPACE_KEY, other]);
      const headerValues = fake.requests.flatMap((request) => Object.values(request.headers));
      expect(headerValues.join("\n")).not.toContain("server-credential");
    } finally {
      for (const name of serverEnv) delete process.env[name];
    }
  });

  it.each([
    [429, "rate_limit", true],
    [500, "server", true],
    [503, "server", true],
    [401, "auth", false],
    [403, "auth", false],
    [400, "bad_request", false],
    [404, "bad_request", false],
  ] as const)("classifies HTTP %i as %s, once (no SDK retries)", async (status, kind, retryable) => {
    fake.reply({ error: { status } }, { text: "a retry would get this" });
    const error = await providerError(provider.complete(llmRequest(setup.model)));
    expect(error).toMatchObject({ provider: setup.name, kind, status });
    expect(error.retryable).toBe(retryable);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    [400, "This model's maximum context length is 128000 tokens", "context_length"],
    [400, "The input token count (1200000) exceeds the maximum number of tokens allowed", "context_length"],
    [
      400,
      "The response was filtered due to the prompt triggering content management policy",
      "content_filter",
    ],
    [503, "The model is overloaded. Please try again later.", "overloaded"],
  ] as const)("classifies HTTP %i saying %j as %s from its message", async (status, message, kind) => {
    fake.reply({ error: { status, message } });
    const error = await providerError(provider.complete(llmRequest(setup.model)));
    expect(error).toMatchObject({ provider: setup.name, kind, status });
    expect(error.retryable).toBe(kind === "overloaded");
  });

  it("times out within about timeoutMs when the server is slow", async () => {
    fake.reply({ text: "too late", delayMs: 3_000 });
    const started = Date.now();
    const error = await providerError(provider.complete(llmRequest(setup.model, { timeoutMs: 300 })));
    const elapsed = Date.now() - started;
    expect(error.kind).toBe("timeout");
    expect(error.retryable).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
  });

  it("fails an empty key as auth without calling the provider", async () => {
    const error = await providerError(provider.complete(llmRequest(setup.model, { apiKey: " " })));
    expect(error.kind).toBe("auth");
    expect(fake.requests).toHaveLength(0);
  });

  it("reports a refused connection as connection", async () => {
    const closed = await setup.start();
    await closed.close();
    const error = await providerError(setup.create(closed.baseUrl).complete(llmRequest(setup.model)));
    expect(error.kind).toBe("connection");
  });
});
