import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import http from "node:http";
import https from "node:https";
import type { OutboundHttp, OutboundRequest, OutboundResponse } from "../ports/http";
import { OutboundRequestFailed, OutboundUrlRefused } from "./outbound-errors";
import { checkOutboundUrl, guardedLookup } from "./url-guard";

export interface GuardedHttpOptions {
  allowPrivate: boolean;
  /** Bytes kept from a response body; the rest is dropped unread so a huge answer cannot exhaust memory. */
  maxResponseBytes?: number;
}

const defaultMaxResponseBytes = 1024 * 1024;

/**
 * The service's OutboundHttp. node:http(s) rather than global fetch, because fetch takes no per-request
 * `lookup`: here the guarded lookup resolves, checks and hands the checked address to the socket itself.
 */
export function createGuardedHttp(options: GuardedHttpOptions): OutboundHttp {
  const maxResponseBytes = options.maxResponseBytes ?? defaultMaxResponseBytes;
  const lookup = guardedLookup(options.allowPrivate);
  return {
    request: async (request) => {
      // IP-literal hosts never reach `lookup`, so this check is the only one they get; it also refuses
      // local names, which may have been allowed when the URL was registered (ALLOW_PRIVATE_URLS then).
      const url = checkOutboundUrl(request.url, { allowPrivate: options.allowPrivate });
      return send(url, request, lookup, maxResponseBytes);
    },
  };
}

function send(
  url: URL,
  request: OutboundRequest,
  lookup: ReturnType<typeof guardedLookup>,
  maxResponseBytes: number,
): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (error: unknown) => finish(() => reject(toOutboundError(error)));

    const transport = url.protocol === "https:" ? https : http;
    let outgoing: http.ClientRequest;
    try {
      outgoing = transport.request(url, {
        method: request.method,
        headers: request.headers,
        lookup,
        // No pooled sockets: a socket opened by other code for the same host would skip this guard's lookup.
        agent: false,
      });
    } catch (error) {
      // Node throws synchronously on an invalid method or header.
      reject(new OutboundRequestFailed(`invalid request: ${messageOf(error)}`, { cause: error }));
      return;
    }

    // One deadline for connect, headers and body together, so a server trickling bytes cannot hold a worker.
    timer = setTimeout(() => {
      const timedOut = new OutboundRequestFailed(`timed out after ${request.timeoutMs} ms`);
      fail(timedOut);
      outgoing.destroy(timedOut);
    }, request.timeoutMs);

    outgoing.on("error", fail);
    outgoing.on("response", (response) => {
      // Redirects are returned as they are: following one would reach a URL the guard never saw.
      readBody(response, maxResponseBytes).then(
        (body) =>
          finish(() =>
            resolve({ status: response.statusCode ?? 0, headers: flattenHeaders(response.headers), body }),
          ),
        fail,
      );
    });
    outgoing.end(request.body);
  });
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const complete = () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    response.on("data", (chunk: Buffer) => {
      if (done) return;
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= maxBytes) {
        complete();
        // The rest is not wanted: close the connection rather than download it.
        response.destroy();
      }
    });
    response.on("end", complete);
    response.on("error", (error) => {
      if (!done) {
        done = true;
        reject(error);
      }
    });
    response.on("close", () => {
      if (!done && !response.complete) {
        done = true;
        reject(new Error("the connection closed before the response ended"));
      }
    });
  });
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

function toOutboundError(error: unknown): Error {
  if (error instanceof OutboundUrlRefused || error instanceof OutboundRequestFailed) return error;
  return new OutboundRequestFailed(`connection failed: ${messageOf(error)}`, { cause: error });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}
