import { Writable } from "node:stream";

/**
 * What the Lambda Node.js runtime provides to a function whose URL streams (RESPONSE_STREAM): the global
 * `awslambda.streamifyResponse`, which hands the handler a writable response stream, and
 * `awslambda.HttpResponseStream.from`, which sends the status and headers before the body. Outside Lambda
 * the global is missing, so the tests install this stand-in before loading functions/api.ts; its handler
 * resolves, once the stream has ended, to what the client got: `{statusCode, headers, cookies, body}`, the
 * shape of a buffered function URL result, so the same assertions read both.
 *
 * Self-contained (no imports but the Writable passed in), because the bundle test installs it in a fresh
 * Node process from its source text.
 */
export function installLambdaStreamingRuntime(WritableClass: typeof Writable = Writable): void {
  interface Metadata {
    statusCode: number;
    headers: Record<string, string>;
    cookies: string[];
  }
  type ResponseStream = InstanceType<typeof Writable> & { metadata?: Metadata };
  type StreamingHandler = (event: unknown, stream: ResponseStream, context: unknown) => Promise<void>;
  const runtime = {
    streamifyResponse:
      (handler: StreamingHandler) =>
      async (event: unknown, context: unknown): Promise<Metadata & { body: string }> => {
        const chunks: Buffer[] = [];
        const stream: ResponseStream = new WritableClass({
          write(chunk: Buffer | string, _encoding, callback) {
            chunks.push(Buffer.from(chunk));
            callback();
          },
        });
        const finished = new Promise<void>((resolve) => stream.once("finish", () => resolve()));
        // The runtime's stream tolerates a second end(), which Hono's handler calls after piping the body.
        const end = stream.end.bind(stream);
        stream.end = ((...args: Parameters<typeof end>) =>
          stream.writableEnded ? stream : end(...args)) as typeof end;
        await handler(event, stream, context);
        await finished;
        const metadata = stream.metadata ?? { statusCode: 200, headers: {}, cookies: [] };
        return { ...metadata, body: Buffer.concat(chunks).toString("utf8") };
      },
    HttpResponseStream: {
      from: (stream: ResponseStream, metadata: Metadata) => {
        stream.metadata = metadata;
        return stream;
      },
    },
  };
  Object.assign(globalThis, { awslambda: runtime });
}
