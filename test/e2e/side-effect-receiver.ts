import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Hit {
  path: string;
  atMs: number;
  idempotencyKey: string | undefined;
}

/** The side-effect receiver: records every request; a path in `holds` is answered only after that delay. */
export class Receiver {
  readonly hits: Hit[] = [];
  private readonly holds = new Map<string, { delayMs: number; arrived: () => void }>();
  private server: Server | undefined;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next request to `path` is held for `delayMs`; resolves when it arrives. */
  holdNext(path: string, delayMs: number): Promise<void> {
    return new Promise((arrived) => this.holds.set(path, { delayMs, arrived }));
  }

  count(path: string): number {
    return this.hits.filter((hit) => hit.path === path).length;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? "";
    const key = request.headers["idempotency-key"];
    this.hits.push({ path, atMs: Date.now(), idempotencyKey: typeof key === "string" ? key : undefined });
    request.resume();
    const answer = () => {
      if (response.destroyed) return;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true, path }));
    };
    const hold = this.holds.get(path);
    if (!hold) {
      answer();
      return;
    }
    this.holds.delete(path);
    hold.arrived();
    setTimeout(answer, hold.delayMs);
  }
}
