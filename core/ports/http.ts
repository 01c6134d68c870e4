/**
 * Outbound HTTP to URLs that users supply (the `http` task handler, webhooks, remote tools). Every
 * implementation used by the service goes through the URL guard: public HTTPS only, and no private,
 * loopback, link-local or metadata address, checked after DNS resolution on the address actually connected.
 */
export interface OutboundRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text, cut at the client's response size limit. */
  body: string;
}

export interface OutboundHttp {
  /**
   * @throws OutboundUrlRefused when the guard refuses the URL or the address it resolves to, and
   *   OutboundRequestFailed on timeout or connection failure. Redirects are not followed: a 3xx is returned.
   */
  request(request: OutboundRequest): Promise<OutboundResponse>;
}
