import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGuardedHttp } from "../../../core/outbound/guarded-http";
import { OutboundRequestFailed, OutboundUrlRefused } from "../../../core/outbound/outbound-errors";
import { resolveNames } from "../../helpers/fake-dns";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

let hits = 0;
let redirectTargetHits = 0;
let main: { server: Server; port: number };
let redirectTarget: { server: Server; port: number };

beforeAll(async () => {
  redirectTarget = await listen((_request, response) => {
    redirectTargetHits += 1;
    response.end("followed");
  });
  main = await listen((request, response) => {
    hits += 1;
    if (request.url === "/redirect") {
      response.writeHead(302, { Location: `http://127.0.0.1:${redirectTarget.port}/` }).end();
    } else if (request.url === "/slow") {
      setTimeout(() => response.end("late"), 2000);
    } else if (request.url === "/big") {
      response.writeHead(200, { "Content-Type": "text/plain" }).end("x".repeat(100_000));
    } else {
      response.writeHead(201, { "Content-Type": "application/json", "X-Custom": "yes" });
      response.end(JSON.stringify({ path: request.url, method: request.method }));
    }
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await close(main.server);
  await close(redirectTarget.server);
});

describe("createGuardedHttp", () => {
  it("refuses a loopback IP literal, a local name and a name resolving to loopback when private URLs are not allowed", async () => {
    resolveNames({ "loopback.guarded-http.test": "127.0.0.1" });
    const http = createGuardedHttp({ allowPrivate: false });
    const before = hits;

    await expect(
      http.request({ url: `https://127.0.0.1:${main.port}/`, method: "GET", timeoutMs: 2000 }),
    ).rejects.toThrow(/address 127\.0\.0\.1 is private/);
    // A local name is refused at request time too: it may have been registered while private URLs were allowed.
    await expect(
      http.request({ url: `https://localhost.:${main.port}/`, method: "GET", timeoutMs: 2000 }),
    ).rejects.toThrow(/host localhost\. names the local machine/);
    // Any other name goes through the guarded lookup, which checks what it resolves to.
    await expect(
      http.request({
        url: `https://loopback.guarded-http.test:${main.port}/`,
        method: "GET",
        timeoutMs: 2000,
      }),
    ).rejects.toThrow(/loopback\.guarded-http\.test resolves to 127\.0\.0\.1/);
    await expect(
      http.request({ url: `http://127.0.0.1:${main.port}/`, method: "GET", timeoutMs: 2000 }),
    ).rejects.toBeInstanceOf(OutboundUrlRefused);
    expect(hits).toBe(before);
  });

  it("reaches a local server when private URLs are allowed, with lower-cased headers", async () => {
    const http = createGuardedHttp({ allowPrivate: true });

    for (const host of ["127.0.0.1", "localhost"]) {
      const response = await http.request({
        url: `http://${host}:${main.port}/ok`,
        method: "POST",
        timeoutMs: 2000,
      });

      expect(response.status).toBe(201);
      expect(response.headers["x-custom"]).toBe("yes");
      expect(response.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(response.body)).toEqual({ path: "/ok", method: "POST" });
    }
  });

  it("returns a redirect as it is and does not follow it", async () => {
    const http = createGuardedHttp({ allowPrivate: true });

    const response = await http.request({
      url: `http://127.0.0.1:${main.port}/redirect`,
      method: "GET",
      timeoutMs: 2000,
    });

    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`http://127.0.0.1:${redirectTarget.port}/`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(redirectTargetHits).toBe(0);
  });

  it("gives up on a slow server at the timeout", async () => {
    const http = createGuardedHttp({ allowPrivate: true });
    const started = Date.now();

    const failure = await http
      .request({ url: `http://127.0.0.1:${main.port}/slow`, method: "GET", timeoutMs: 300 })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(OutboundRequestFailed);
    expect((failure as OutboundRequestFailed).reason).toBe("timed out after 300 ms");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("cuts the response body at maxResponseBytes", async () => {
    const http = createGuardedHttp({ allowPrivate: true, maxResponseBytes: 1000 });

    const response = await http.request({
      url: `http://127.0.0.1:${main.port}/big`,
      method: "GET",
      timeoutMs: 2000,
    });

    expect(response.status).toBe(200);
    expect(response.body).toBe("x".repeat(1000));
  });

  it("reports a refused connection as a failed request", async () => {
    const closed = await listen(() => {});
    await close(closed.server);
    const http = createGuardedHttp({ allowPrivate: true });

    const failure = await http
      .request({ url: `http://127.0.0.1:${closed.port}/`, method: "GET", timeoutMs: 2000 })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(OutboundRequestFailed);
    expect((failure as OutboundRequestFailed).reason).toMatch(/^connection failed: .*ECONNREFUSED/);
  });
});
