import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from "@aws-sdk/client-kms";
import type { Clock } from "../../ports/clock";
import { canonicalContext, type EncryptionContext, type KeyVault } from "../../ports/key-vault";

/**
 * Envelope encryption with KMS: each secret gets its own data key from GenerateDataKey, bound to the
 * encryption context (so KMS refuses to decrypt it for another workspace or provider, and the functions'
 * IAM statement requires the context's workspace and purpose: infra/settings.ts); the secret itself is
 * sealed locally with AES-256-GCM.
 * Decrypted data keys are cached for a few minutes: an LLM step would otherwise pay a KMS Decrypt
 * ($3 per million) on every call.
 */
const CACHE_TTL_MS = 5 * 60 * 1000;
const CACHE_MAX = 500;

export interface KmsKeyVaultOptions {
  client: KMSClient;
  keyId: string;
  clock: Clock;
}

export class KmsKeyVault implements KeyVault {
  private readonly cache = new Map<string, { key: Buffer; expiresAtMs: number }>();

  constructor(private readonly options: KmsKeyVaultOptions) {}

  async encrypt(plaintext: string, context: EncryptionContext): Promise<string> {
    const dataKey = await this.options.client.send(
      new GenerateDataKeyCommand({
        KeyId: this.options.keyId,
        KeySpec: "AES_256",
        EncryptionContext: { ...context },
      }),
    );
    if (!dataKey.Plaintext || !dataKey.CiphertextBlob) throw new Error("KMS returned no data key");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", Buffer.from(dataKey.Plaintext), iv);
    cipher.setAAD(canonicalContext(context));
    const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const parts = [Buffer.from(dataKey.CiphertextBlob), iv, cipher.getAuthTag(), sealed];
    return ["kms1", ...parts.map((part) => part.toString("base64url"))].join(".");
  }

  async decrypt(ciphertext: string, context: EncryptionContext): Promise<string> {
    const [version, encryptedKey, iv, tag, sealed] = ciphertext.split(".");
    if (version !== "kms1" || !encryptedKey || !iv || !tag || sealed === undefined) {
      throw new Error("Not a ciphertext of this vault");
    }
    const key = await this.dataKey(encryptedKey, context);
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(canonicalContext(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  }

  private async dataKey(encryptedKey: string, context: EncryptionContext): Promise<Buffer> {
    // The context is part of the cache key: a cached key must not serve a request with another context.
    const cacheKey = `${encryptedKey}|${canonicalContext(context).toString("base64url")}`;
    const nowMs = this.options.clock.nowMs();
    const cached = this.cache.get(cacheKey);
    if (cached && cached.expiresAtMs > nowMs) return cached.key;
    const result = await this.options.client.send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(encryptedKey, "base64url"),
        EncryptionContext: { ...context },
        KeyId: this.options.keyId,
      }),
    );
    if (!result.Plaintext) throw new Error("KMS returned no plaintext");
    const key = Buffer.from(result.Plaintext);
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value ?? "");
    this.cache.set(cacheKey, { key, expiresAtMs: nowMs + CACHE_TTL_MS });
    return key;
  }
}
