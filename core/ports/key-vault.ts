/**
 * Encrypts secrets at rest (workspace provider keys, webhook and remote-tool secrets). The context is bound
 * to the ciphertext (as KMS encryption context, or AES-GCM additional data): a ciphertext copied to
 * another workspace's or provider's record fails to decrypt there. Context values are not secret; they
 * may appear in audit logs.
 */
export type EncryptionContext = Readonly<Record<string, string>>;

/**
 * What every context the service builds names: `workspaceId`, the workspace the secret belongs to, and
 * `purpose`, what the secret is, with the record it belongs to where there is one (`provider`,
 * `webhookId`, `toolId`). The deployed functions may ask KMS for nothing else: their KMS statement
 * (infra/settings.ts) requires a workspace, one of these purposes and only these keys. A new kind of secret
 * adds its purpose here, or the deployed service cannot encrypt it.
 */
export const SECRET_PURPOSES = [
  "llm-provider-key",
  "webhook-secret",
  "remote-tool-secret",
  "approval-links",
] as const;
export const SECRET_CONTEXT_KEYS = ["workspaceId", "purpose", "provider", "webhookId", "toolId"] as const;

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
