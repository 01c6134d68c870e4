import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp } from "../helpers/accounts";
import { startLoopbackServer } from "../helpers/loopback-server";
import { createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** A span as OTLP/HTTP's JSON encoding carries it, with its attributes read back into a record. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number; message?: string };
  attributes: Record<string, string | number | boolean>;
  service: string;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
type OtlpAttributes = { key: string; value: OtlpValue }[];

const received: ReceivedSpan[] = [];
let t: TestApp;
let openai: OpenAiFake;
let account: SignedUp;

/** A stand-in OpenTelemetry collector: the OTLP/HTTP traces endpoint, keeping what it is sent. */
async function startCollector(): Promise<string> {
  return startLoopbackServer((request, body, response) => {
    if (request.url !== "/v1/traces") {
      response.writeHead(404).end();
      return;
    }
    const payload = JSON.parse(body) as {
      resourceSpans: {
        resource: { attributes: OtlpAttributes };
        scopeSpans: {
          spans: (Omit<ReceivedSpan, "attributes" | "service"> & { attributes?: OtlpAttributes })[];
        }[];
      }[];
    };
    for (const { resource, scopeSpans } of payload.resourceSpans) {
      const service = String(decoded(resource.attributes.find((a) => a.key === "service.name")?.value ?? {}));
      for (const { spans } of scopeSpans) {
        for (const span of spans) {
          const attributes = Object.fromEntries(
            (span.attributes ?? []).map((a) => [a.key, decoded(a.value)]),
          );
          received.push({ ...span, attributes, service });
        }
      }
    }
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
}

function decoded(value: OtlpValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return value.boolValue ?? "";
}

async function spansUntil(done: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 15_000;
  while (!done(received)) {
    if (Date.now() > deadline)
      throw new Error(`spans never arrived: ${JSON.stringify(received.map((s) => s.name))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return received;
}

beforeAll(async () => {
  openai = await startOpenAiFake();
  const collector = await startCollector();
  t = await createTestApp(
    {
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: "sk-server-openai-000000000",
      OTEL_EXPORTER_OTLP_ENDPOINT: collector,
      OTEL_SERVICE_NAME: "weft-under-test",
    },
    { realTime: true },
  );
  account = await signUp(t);
});
afterAll(() => openai.close());

describe("OpenTelemetry traces", () => {
  it("exports a run's trace: the run, each step under it, and the LLM call under its step, with GenAI attributes", async () => {
    openai.reply({ text: "A short summary.", usage: { input: 1000, output: 100 } });
    const { id: definitionId } = await createDefinition(t.request, account.apiKey, [
      {
        type: "task",
        name: "prepare",
        handler: "set_state",
        config: { values: { topic: "{{input.topic}}" } },
      },
      {
        type: "llm",
        name: "summarise",
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "Summarise {{state.topic}}" }],
      },
    ]);
    const run = await startRun(t.request, account.apiKey, { definitionId, input: { topic: "tides" } });
    await waitForRun(t.request, account.apiKey, run.id, withStatus("COMPLETED"));

    const spans = await spansUntil((all) =>
      all.some((span) => span.attributes["weft.run.id"] === run.id && span.name === "workflow run"),
    );
    const ofRun = spans.filter((span) => span.attributes["weft.run.id"] === run.id);
    const root = ofRun.find((span) => span.name === "workflow run");
    const prepare = ofRun.find((span) => span.name === "step prepare");
    const summarise = ofRun.find((span) => span.name === "step summarise");
    const chat = ofRun.find((span) => span.name === "chat gpt-4o-mini");

    expect(root?.parentSpanId ?? "").toBe("");
    expect(root?.attributes["weft.run.status"]).toBe("COMPLETED");
    expect(root?.service).toBe("weft-under-test");
    // One trace for the run; each step a child of the run's span, the call a child of its step's.
    expect(new Set(ofRun.map((span) => span.traceId)).size).toBe(1);
    expect(prepare?.parentSpanId).toBe(root?.spanId);
    expect(summarise?.parentSpanId).toBe(root?.spanId);
    expect(chat?.parentSpanId).toBe(summarise?.spanId);
    expect(summarise?.attributes).toMatchObject({ "weft.step.type": "llm", "weft.step.attempt": 1 });
    expect(chat?.kind).toBe(3); // SPAN_KIND_CLIENT
    expect(chat?.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-4o-mini",
      "gen_ai.usage.input_tokens": 1000,
      "gen_ai.usage.output_tokens": 100,
      "weft.llm.cost_usd": 0.00021,
    });
    // Nothing of the prompt or the answer leaves in a span.
    expect(JSON.stringify(ofRun)).not.toContain("tides");
    expect(JSON.stringify(ofRun)).not.toContain("A short summary");
  });

  it("marks failed steps', calls' and runs' spans as errors with their codes, never their tenants' text", async () => {
    const target = await startLoopbackServer((_request, _body, response) => {
      response.writeHead(500).end();
    });
    const once = { maxAttempts: 1, backoffMs: 10 };
    const failing = {
      fail: { type: "task", name: "boom", handler: "fail", config: { error: "nope" } },
      http: {
        type: "task",
        name: "boom",
        handler: "http",
        config: { url: `${target}/payroll` },
        retry: once,
      },
      guardrail: {
        type: "llm",
        name: "boom",
        model: "gpt-4o",
        messages: [{ role: "user", content: "Hi" }],
        guardrails: [{ type: "blocklist", words: ["acmesecretword"] }],
        retry: once,
      },
    };
    openai.reply({ text: "This holds acmesecretword.", usage: { input: 10, output: 5 } });
    const statuses: Record<string, unknown> = {};
    for (const [kind, step] of Object.entries(failing)) {
      const { id: definitionId } = await createDefinition(t.request, account.apiKey, [step]);
      const run = await startRun(t.request, account.apiKey, { definitionId, input: {} });
      await waitForRun(t.request, account.apiKey, run.id, withStatus("FAILED"));
      const spans = await spansUntil((all) =>
        all.some((span) => span.attributes["weft.run.id"] === run.id && span.name === "workflow run"),
      );
      const ofRun = spans.filter((span) => span.attributes["weft.run.id"] === run.id);
      statuses[kind] = ["step boom", "workflow run"].map(
        (name) => ofRun.find((s) => s.name === name)?.status,
      );
      expect(JSON.stringify(ofRun)).not.toMatch(/nope|acmesecretword|127\.0\.0\.1/);
    }
    const error = (message: string) => ({ code: 2, message });
    expect(statuses).toMatchObject({
      fail: [error("FAIL_HANDLER"), error("FAIL_HANDLER")],
      http: [error("HTTP_NON_2XX"), error("HTTP_NON_2XX")],
      guardrail: [error("STEP_FAILED"), error("WORKFLOW_FAILED")],
    });
  });
});

describe("GET /metrics", () => {
  it("counts runs, step durations and LLM tokens and cost in Prometheus' format, without tenant ids", async () => {
    const response = await t.request("GET", "/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    const value = (series: string) => Number(text.match(new RegExp(`^${series} (\\S+)$`, "m"))?.[1]);
    expect(value("weft_runs_started_total")).toBe(4);
    expect(value("weft_runs_completed_total")).toBe(1);
    expect(value("weft_runs_failed_total")).toBe(3);
    expect(value('weft_llm_tokens_total\\{provider="openai",model="gpt-4o-mini",direction="input"\\}')).toBe(
      1000,
    );
    expect(value('weft_llm_cost_usd_total\\{provider="openai",model="gpt-4o-mini"\\}')).toBeCloseTo(0.00021);
    expect(value('weft_step_duration_ms_count\\{step_type="llm",status="COMPLETED"\\}')).toBe(1);
    expect(value("weft_queue_age_ms_count")).toBeGreaterThan(0);
    expect(text).not.toMatch(/wsp_|run_|def_/);
  });

  it("labels a call by the price table's name for its model, and any model no table prices as other", async () => {
    for (const model of ["gpt-acme-payroll-7f3a", "gpt-4o-mini-2024-07-18"]) {
      openai.reply({ text: "ok", usage: { input: 10, output: 1 } });
      const { id: definitionId } = await createDefinition(t.request, account.apiKey, [
        { type: "llm", name: "ask", model, messages: [{ role: "user", content: "Hi" }] },
      ]);
      const run = await startRun(t.request, account.apiKey, { definitionId, input: {} });
      await waitForRun(t.request, account.apiKey, run.id, withStatus("COMPLETED"));
    }

    const text = await (await t.request("GET", "/metrics")).text();
    const models = new Set([...text.matchAll(/model="([^"]*)"/g)].map((match) => match[1]));
    expect([...models].sort()).toEqual(["gpt-4o", "gpt-4o-mini", "other"]);
    expect(text).not.toContain("acme-payroll");
    expect(text).toMatch(/^weft_llm_tokens_total\{provider="openai",model="other",direction="input"\} 10$/m);
  });
});
