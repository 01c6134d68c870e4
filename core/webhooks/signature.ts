import { createHmac } from "node:crypto";
import { constantTimeEqual } from "../security/constant-time";

/**
 * Spec 6.3: `X-Webhook-Signature` is the HMAC-SHA256 hex digest of the raw body, keyed with the webhook's
 * secret. Signed and sent are the same string, so what the receiver reads is exactly what was signed.
 */
export function signWebhookBody(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}

/** A receiver's check (also what docs/webhooks.md shows): recompute, compare in constant time. */
export function verifyWebhookSignature(secret: string, rawBody: string, signature: string): boolean {
  return constantTimeEqual(signature.trim().toLowerCase(), signWebhookBody(secret, rawBody));
}
