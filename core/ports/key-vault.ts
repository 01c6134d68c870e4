/**
 * Encrypts secrets at rest (workspace provider keys, webhook and remote-tool secrets). The context is bound
 * to the ciphertext (as KMS encryption context, or AES-GCM additional data): a ciphertext copied to
 * another workspace's or provider's record fails to decrypt there. Context values are not secret; they
 * may appear in audit logs.
 */
export type EncryptionContext = Readonly<Record<string, string>>;

export interface KeyVault {
  /** @returns an opaque string to store. */
  encrypt(plaintext: string, context: EncryptionContext): Promise<string>;
  /** @throws when the ciphertext was tampered with or the context differs from the one it was made with. */
  decrypt(ciphertext: string, context: EncryptionContext): Promise<string>;
}

/** The context as bytes: sorted keys, so the same context always authenticates the same way. */
export function canonicalContext(context: EncryptionContext): Buffer {
  const sorted = Object.keys(context)
    .sort()
    .map((key) => [key, context[key]]);
  return Buffer.from(JSON.stringify(sorted));
}
