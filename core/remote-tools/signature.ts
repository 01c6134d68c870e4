import { createHmac } from "node:crypto";
import { constantTimeEqual } from "../security/constant-time";

/**
 * Decisions section 5: a remote tool call carries `X-Tool-Timestamp` (Unix seconds) and
 * `X-Tool-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`. Signing the timestamp with
 * the body lets a receiver refuse a replayed request once it is older than the tolerance.
 */
export const TOOL_TIMESTAMP_HEADER = "X-Tool-Timestamp";
export const TOOL_SIGNATURE_HEADER = "X-Tool-Signature";
export const TOOL_SIGNATURE_TOLERANCE_SEC = 5 * 60;

export function signToolCall(secret: string, timestampSec: number, rawBody: string): string {
  const digest = createHmac("sha256", secret).update(`${timestampSec}.${rawBody}`, "utf8").digest("hex");
  return `v1=${digest}`;
}

export interface ToolSignatureCheck {
  secret: string;
  /** The X-Tool-Timestamp header as received. */
  timestamp: string | undefined;
  /** The X-Tool-Signature header as received; several `v1=` values may be comma-separated. */
  signature: string | undefined;
  rawBody: string;
  nowSec: number;
  toleranceSec?: number;
}

/**
 * A receiver's check (what docs/api.md shows): the timestamp is an integer within the tolerance of now, and
 * one of the `v1=` signatures equals the one recomputed from the raw body, compared in constant time.
 */
export function verifyToolSignature(check: ToolSignatureCheck): boolean {
  const { timestamp, signature } = check;
  if (timestamp === undefined || signature === undefined || !/^\d{1,12}$/.test(timestamp)) return false;
  const timestampSec = Number(timestamp);
  if (Math.abs(check.nowSec - timestampSec) > (check.toleranceSec ?? TOOL_SIGNATURE_TOLERANCE_SEC))
    return false;
  const expected = signToolCall(check.secret, timestampSec, check.rawBody);
  return signature
    .split(",")
    .map((part) => part.trim())
    .some((candidate) => constantTimeEqual(candidate, expected));
}
