import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as z from "zod";
import { jsonTextExceedsDepth } from "../../../domain/json-bounds";
import { LIMITS } from "../../../domain/limits";
import { devAnswer } from "./answer";
import { AnthropicRequest, anthropicError, anthropicMessage, readAnthropic } from "./anthropic";
import { GoogleRequest, googleError, googleResponse, readGoogle } from "./google";
import { OpenAiRequest, openAiCompletion, openAiError, readOpenAi } from "./openai";
import { anthropicStream, googleStream, openAiStream } from "./streams";

/**
 * The development model's HTTP routes, one per provider wire, under the base URLs DEV_MODELS gives the
 * SDKs (devModelBaseUrls). Local only: functions/local.ts serves it on a loopback port; nothing bundled
 * for Lambda imports it. Keys are not checked: whatever key an SDK sends is accepted.
 */
export function devModelBaseUrls(origin: string) {
  return {
    OPENAI_BASE_URL: `${origin}/openai/v1`,
    ANTHROPIC_BASE_URL: `${origin}/anthropic`,
    GOOGLE_BASE_URL: `${origin}/google`,
  } as const;
}

type ErrorBody = (status: ContentfulStatusCode, message: string) => unknown;

export function createDevModelApp(): Hono {
  const app = new Hono();
  app.use(
    bodyLimit({
      maxSize: LIMITS.devModelRequestBytes,
      onError: (c) => c.json(openAiError("request too large for the development model"), 413),
    }),
  );

  app.post("/openai/v1/chat/completions", async (c) => {
    const request = await readBody(c.req.raw, OpenAiRequest, (_status, message) => openAiError(message));
    if (request instanceof Response) return request;
    const answer = devAnswer(readOpenAi(request));
    if (request.stream === true) return eventStream(openAiStream(answer, request.model));
    return c.json(openAiCompletion(answer, request.model));
  });

  app.post("/anthropic/v1/messages", async (c) => {
    const request = await readBody(c.req.raw, AnthropicRequest, (_status, message) =>
      anthropicError(message),
    );
    if (request instanceof Response) return request;
    const answer = devAnswer(readAnthropic(request));
    if (request.stream === true) return eventStream(anthropicStream(answer, request.model));
    return c.json(anthropicMessage(answer, request.model));
  });

  // Gemini's path puts the method after a colon: /v1beta/models/gemini-2.0-flash:generateContent.
  app.post("/google/v1beta/models/:call", async (c) => {
    const [model = "", method] = c.req.param("call").split(":");
    if (method !== "generateContent" && method !== "streamGenerateContent")
      return c.json(googleError(404, `no method ${method ?? ""}`), 404);
    const request = await readBody(c.req.raw, GoogleRequest, googleError);
    if (request instanceof Response) return request;
    const answer = devAnswer(readGoogle(request, model));
    if (method === "streamGenerateContent") return eventStream(googleStream(answer, model));
    return c.json(googleResponse(answer, model));
  });

  return app;
}

/** Server-Sent Events, one frame per chunk, as the providers stream. */
function eventStream(frames: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const text of frames) controller.enqueue(encoder.encode(text));
      controller.close();
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

/** The body read against the wire's schema, or the provider's 400 saying what is wrong. */
async function readBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  errorBody: ErrorBody,
): Promise<z.infer<T> | Response> {
  const text = await request.text();
  const refuse = (message: string) => Response.json(errorBody(400, message), { status: 400 });
  if (jsonTextExceedsDepth(text)) return refuse("request nests too deep");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse("request body is not JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(`${issue?.path.join(".") ?? "body"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}
