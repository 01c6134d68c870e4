import { describe, expect, it } from "vitest";
import { generateApiKeySecret, hashApiKey } from "../../../core/auth/api-key-secret";
import { hashPassword, verifyPassword } from "../../../core/auth/passwords";
import { constantTimeEqual } from "../../../core/security/constant-time";

describe("API key secrets", () => {
  it("generates svc_ keys whose stored hash is the SHA-256 of the key and whose prefix is its start", () => {
    const secret = generateApiKeySecret();

    expect(secret.key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(secret.key.startsWith(secret.keyPrefix)).toBe(true);
    expect(secret.keyHash).toBe(hashApiKey(secret.key));
    expect(secret.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(secret.keyHash).not.toContain(secret.key.slice(4));
  });

  it("never generates the same key twice", () => {
    const generated = new Set(Array.from({ length: 200 }, () => generateApiKeySecret().key));

    expect(generated.size).toBe(200);
  });
});

describe("passwords", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse");

    expect(stored).not.toContain("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsf", stored)).toBe(false);
  });

  it("salts each hash, so equal passwords are stored differently", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("refuses a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});

describe("constantTimeEqual", () => {
  it("is true only for equal strings, whatever their lengths", () => {
    expect(constantTimeEqual("token", "token")).toBe(true);
    expect(constantTimeEqual("token", "tokem")).toBe(false);
    expect(constantTimeEqual("", "token")).toBe(false);
  });
});
