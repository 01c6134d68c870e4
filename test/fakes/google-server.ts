import { argumentsObject, type FakeError, type FakeServer, startFakeServer, type Wire } from "./fake-server";

/**
 * A fake Gemini API: the SDK's base URL is the origin and it POSTs /v1beta/models/{model}:generateContent
 * with the key in x-goog-api-key.
 */
export interface GoogleFake extends FakeServer {
  readonly baseUrl: string;
}

const GENERATE = /^\/v1beta\/models\/([^/:]+):generateContent$/;

const STATUSES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

const wire: Wire = {
  matches: (method, path) => method === "POST" && GENERATE.test(path),
  answer: (reply, request) => {
    const model = GENERATE.exec(request.path)?.[1] ?? "gemini-fake";
    const parts: unknown[] = [];
    if (reply.text !== undefined) parts.push({ text: reply.text });
    for (const call of reply.toolCalls ?? [])
      parts.push({ functionCall: { name: call.name, args: argumentsObject(call) } });
    const usage = reply.usage ?? { input: 10, output: 5 };
    return {
      status: 200,
      body: {
        candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
        usageMetadata: {
          promptTokenCount: usage.input,
          candidatesTokenCount: usage.output,
          totalTokenCount: usage.input + usage.output + (usage.thoughts ?? 0),
          ...(usage.cached !== undefined && { cachedContentTokenCount: usage.cached }),
          ...(usage.thoughts !== undefined && { thoughtsTokenCount: usage.thoughts }),
        },
        modelVersion: reply.model ?? model,
        responseId: "fake-response",
      },
    };
  },
  error: (error: FakeError) => ({
    status: error.status,
    body: {
      error: {
        code: error.status,
        message: error.message ?? `fake error ${error.status}`,
        status: STATUSES[error.status] ?? "INTERNAL",
        ...(error.reason !== undefined && {
          details: [
            {
              "@type": "type.googleapis.com/google.rpc.ErrorInfo",
              reason: error.reason,
              domain: "googleapis.com",
            },
          ],
        }),
      },
    },
  }),
};

export async function startGoogleFake(): Promise<GoogleFake> {
  const server = await startFakeServer(wire);
  return Object.assign(server, { baseUrl: server.origin });
}
