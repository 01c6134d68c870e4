import type { EncryptionContext } from "../ports/key-vault";
import { generateToken } from "../security/secret-tokens";

/**
 * A webhook's signing secret: `whsec_` + 32 random bytes (base64url), the Standard Webhooks shape. Shown once
 * at creation, stored only encrypted, bound by the vault's context to its workspace and webhook.
 */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

export function generateWebhookSecret(): string {
  return generateToken(WEBHOOK_SECRET_PREFIX);
}

export function webhookSecretContext(workspaceId: string, webhookId: string): EncryptionContext {
  return { workspaceId, webhookId, purpose: "webhook-secret" };
}
