import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { serve } from "@hono/node-server";
import { createDevModelApp, devModelBaseUrls } from "../../core/adapters/local/dev-model/app";
import type { Counts } from "./tally";

/** When a request was handled, on the bench process's clock (performance.now()). */
export interface Span {
  startMs: number;
  endMs: number;
}

/** A model call as the development model saw it. */
export interface ModelCallSeen extends Span {
  requestBytes: number;
  /** The conversation's first user turn and its assistant turns, read after the answer was sent. */
  firstUserText?: string;
  assistantTurns?: number;
}

export interface TimedDevModel {
  /** What OPENAI_BASE_URL is set to, so the service reaches this server through the official SDK. */
  openAiBaseUrl: string;
  /** The same for Anthropic's SDK (ANTHROPIC_BASE_URL): its models answered by the same development model. */
  anthropicBaseUrl: string;
  /** Every request, in the order answered. */
  calls: ModelCallSeen[];
  close(): Promise<void>;
}

interface OpenAiMessages {
  messages?: { role?: string; content?: unknown }[];
}

/**
 * The development model (core/adapters/local/dev-model) served by the bench itself rather than by
 * `npm start`, so that the time each model call took on the server is known and can be taken out of a
 * turn's: what is left is the engine's, the SDK's and the loopback's.
 */
export async function startTimedDevModel(): Promise<TimedDevModel> {
  const app = createDevModelApp();
  const calls: TimedDevModel["calls"] = [];
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve(
      {
        fetch: async (request: Request) => {
          const startMs = performance.now();
          const requestBytes = Number(request.headers.get("content-length") ?? 0);
          const copy = request.clone();
          const response = await app.fetch(request);
          const call: ModelCallSeen = { startMs, endMs: performance.now(), requestBytes };
          calls.push(call);
          // Read once the answer is on its way, so that the bench's own parsing is not counted as the model's.
          setImmediate(() => {
            void copy.json().then((body) => {
              const messages = (body as OpenAiMessages).messages ?? [];
              const firstUser = messages.find((message) => message.role === "user")?.content;
              call.firstUserText = typeof firstUser === "string" ? firstUser : "";
              call.assistantTurns = messages.filter((message) => message.role === "assistant").length;
            });
          });
          return response;
        },
        hostname: "127.0.0.1",
        port: 0,
      },
      () => resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  const urls = devModelBaseUrls(`http://127.0.0.1:${port}`);
  return {
    openAiBaseUrl: urls.OPENAI_BASE_URL,
    anthropicBaseUrl: urls.ANTHROPIC_BASE_URL,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One call of the bench's tool: which turn asked for it (from its call id) and what had been billed then. */
export interface ToolCallSeen extends Span {
  callId: string;
  workflowRunId: string;
  /** The turn the call belongs to: `<stepRunId>:<turn>:<n>` (docs/agents.md). */
  turn: number;
  /** The billing proxy's counters when the call arrived (bench/lib/billing-proxy.ts). */
  billed: Counts;
}

export interface BenchTool {
  url: string;
  calls: ToolCallSeen[];
  close(): Promise<void>;
}

/**
 * A remote tool on the loopback that answers at once, noting when each call arrived and what had been
 * billed until then (`billed`), so the bench can cut the run's units at turn boundaries.
 */
export async function startBenchTool(billed: () => Counts): Promise<BenchTool> {
  const calls: ToolCallSeen[] = [];
  const server: Server = createServer((req, res) => {
    const startMs = performance.now();
    const counts = billed();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const { callId, workflowRunId } = JSON.parse(body) as { callId: string; workflowRunId: string };
      const turn = Number(callId.split(":").at(-2));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "shipped", turn }));
      calls.push({ callId, workflowRunId, turn, billed: counts, startMs, endMs: performance.now() });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/lookup`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
