import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { canonicalContext, type EncryptionContext, type KeyVault } from "../../ports/key-vault";

/**
 * The local key vault: AES-256-GCM under one master key (MASTER_KEY, or a key generated into DATA_DIR).
 * Output: `v1.<iv>.<tag>.<ciphertext>`, base64url parts; the encryption context is the GCM additional data.
 */
export class AesKeyVault implements KeyVault {
  constructor(private readonly masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  }

  async encrypt(plaintext: string, context: EncryptionContext): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.masterKey, iv);
    cipher.setAAD(canonicalContext(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
      .join(".");
  }

  async decrypt(ciphertext: string, context: EncryptionContext): Promise<string> {
    const [version, iv, tag, body] = ciphertext.split(".");
    if (version !== "v1" || !iv || !tag || body === undefined)
      throw new Error("Not a ciphertext of this vault");
    const decipher = createDecipheriv("aes-256-gcm", this.masterKey, Buffer.from(iv, "base64url"));
    decipher.setAAD(canonicalContext(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  }
}
