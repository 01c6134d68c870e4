import { OutboundUrlRefused } from "../outbound/outbound-errors";
import type { OutboundHttp } from "../ports/http";

/**
 * The MCP SDK's transport speaks `fetch`; this one sends every request through the service's OutboundHttp
 * (the URL guard after DNS, the timeout, the response size bound). A body past that bound arrives cut, and the
 * SDK refuses it as a malformed message. A GET, which the transport sends to open a stream of messages the
 * server sends unasked, is answered 405 here, as a server without such a stream answers: Weft asks and reads
 * the answer, and a stream held open would only hold the call until its timeout.
 */
export function guardedFetch(http: OutboundHttp, timeoutMs: number, seen: { refused?: OutboundUrlRefused }) {
  return async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? "GET";
    if (method === "GET") return new Response(null, { status: 405 });
    try {
      const response = await http.request({
        url: String(url),
        method,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        ...(typeof init?.body === "string" && { body: init.body }),
        timeoutMs,
      });
      // A status without a body (202 to a notification, 204) cannot carry one in a Response.
      const empty = response.status === 204 || response.status === 205 || response.status === 304;
      return new Response(empty ? null : response.body, {
        status: response.status,
        headers: response.headers,
      });
    } catch (error) {
      if (error instanceof OutboundUrlRefused) seen.refused = error;
      throw error;
    }
  };
}
