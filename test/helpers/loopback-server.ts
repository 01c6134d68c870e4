import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

export type LoopbackHandler = (
  request: IncomingMessage,
  body: string,
  response: ServerResponse,
) => void | Promise<void>;

/**
 * A local HTTP server on 127.0.0.1 (a free port) standing in for whatever the code under test calls out
 * to. `handle` gets each request with its whole body; if it rejects, the connection is dropped, as a
 * broken receiver's would be. The server closes, open connections and all, after the file's tests.
 * @returns the server's base URL, `http://127.0.0.1:<port>`.
 */
export async function startLoopbackServer(handle: LoopbackHandler): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      void Promise.resolve(handle(request, body, response)).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
