/**
 * The world outside, as the `http` task handler reaches it: every request is recorded with its idempotency
 * key and with what the worker knew when it decided to send it, and answered 200, 500 or not at all, as
 * the seed says. The invariants read the record to tell a legitimate repeat from a forbidden one.
 */
import { OutboundRequestFailed } from "../../core/outbound/outbound-errors";
import type { OutboundRequest, OutboundResponse } from "../../core/ports/http";
import type { Random } from "./random";

export interface RecordedRequest {
  /** `<stepRunId>:<attempt>`, as the handler sends it. */
  key: string;
  stepRunId: string;
  attempt: number;
  /** Position in the schedule's history. */
  at: number;
  /** Position of the last store answer the worker had before sending: what its decision rested on. */
  decidedAt: number;
  actor: string;
  answer: "200" | "500" | "no answer";
}

export interface HttpChaos {
  serverErrorRate: number;
  failureRate: number;
}

export class HttpRecorder {
  readonly requests: RecordedRequest[] = [];

  constructor(
    private readonly random: Random,
    private readonly chaos: HttpChaos,
  ) {}

  request(request: OutboundRequest, by: { actor: string; at: number; decidedAt: number }): OutboundResponse {
    const key = request.headers?.["Idempotency-Key"] ?? "";
    const separator = key.lastIndexOf(":");
    const answer = this.random.chance(this.chaos.failureRate)
      ? "no answer"
      : this.random.chance(this.chaos.serverErrorRate)
        ? "500"
        : "200";
    this.requests.push({
      key,
      stepRunId: key.slice(0, separator),
      attempt: Number(key.slice(separator + 1)),
      ...by,
      answer,
    });
    if (answer === "no answer") throw new OutboundRequestFailed("timed out (simulated)");
    const status = answer === "200" ? 200 : 500;
    return {
      status,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ok: status < 300 }),
    };
  }
}
