/*
 * What an outbound request to a user's URL fails with, apart from the guard (url-guard.ts) that decides
 * it: the callers that only tell the two apart (the http step, remote tools, webhook deliveries) then do
 * not load the guard's address parsing (ipaddr.js) during a cold start, only with the first request.
 */

export class OutboundUrlRefused extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(`Outbound URL refused: ${reason}`);
    this.name = "OutboundUrlRefused";
    this.reason = reason;
  }
}

export class OutboundRequestFailed extends Error {
  readonly reason: string;

  constructor(reason: string, options: { cause?: unknown } = {}) {
    super(`Outbound request failed: ${reason}`, { cause: options.cause });
    this.name = "OutboundRequestFailed";
    this.reason = reason;
  }
}
