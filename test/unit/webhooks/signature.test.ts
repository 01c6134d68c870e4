import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret, webhookSecretContext } from "../../../core/webhooks/secret";
import { signWebhookBody, verifyWebhookSignature } from "../../../core/webhooks/signature";

const secret = "whsec_test-secret";
const body =
  '{"event":"workflow.completed","workflowRunId":"run_1","workspaceId":"wsp_1","data":{},"timestamp":"2026-01-01T00:00:00.000Z"}';

describe("signWebhookBody", () => {
  it("is the HMAC-SHA256 hex digest of the raw body, keyed with the secret", () => {
    const expected = createHmac("sha256", secret).update(body, "utf8").digest("hex");

    expect(signWebhookBody(secret, body)).toBe(expected);
    expect(signWebhookBody(secret, body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("matches a known vector (RFC 4231 test case 2)", () => {
    expect(signWebhookBody("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("signs the bytes: non-ASCII bodies are signed as UTF-8", () => {
    const unicode = '{"name":"Zoë ✓"}';
    expect(signWebhookBody(secret, unicode)).toBe(
      createHmac("sha256", secret).update(Buffer.from(unicode, "utf8")).digest("hex"),
    );
  });
});

describe("verifyWebhookSignature", () => {
  const signature = signWebhookBody(secret, body);

  it("accepts the signature of the exact body, in either case", () => {
    expect(verifyWebhookSignature(secret, body, signature)).toBe(true);
    expect(verifyWebhookSignature(secret, body, signature.toUpperCase())).toBe(true);
  });

  it("refuses a changed body, another secret, a truncated or empty signature", () => {
    expect(verifyWebhookSignature(secret, body.replace("run_1", "run_2"), signature)).toBe(false);
    expect(verifyWebhookSignature(secret, `${body} `, signature)).toBe(false);
    expect(verifyWebhookSignature("whsec_other", body, signature)).toBe(false);
    expect(verifyWebhookSignature(secret, body, signature.slice(0, 63))).toBe(false);
    expect(verifyWebhookSignature(secret, body, "")).toBe(false);
  });
});

describe("webhook secrets", () => {
  it("are whsec_ plus 32 random bytes in base64url, different every time", () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));

    expect(secrets.size).toBe(50);
    for (const value of secrets) {
      expect(value).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(value.slice(6), "base64url")).toHaveLength(32);
    }
  });

  it("are encrypted under a context naming their workspace, webhook and purpose", () => {
    expect(webhookSecretContext("wsp_1", "whk_1")).toEqual({
      workspaceId: "wsp_1",
      webhookId: "whk_1",
      purpose: "webhook-secret",
    });
  });
});
