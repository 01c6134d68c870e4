import { ValidationError } from "../domain/errors";
import { isoAt } from "../domain/time";
import type { CreatedWebhook, CreateWebhookInput, Webhook } from "../domain/webhook";
import { registeredUrl } from "../outbound/registered-url";
import type { Deps } from "../ports/deps";
import { generateWebhookSecret, webhookSecretContext } from "./secret";

/** Bounds the fan-out of one run event (and the work of a workspace's dispatches). */
export const MAX_WEBHOOKS_PER_WORKSPACE = 25;

/**
 * Registers a webhook (spec 4.9). The URL is checked now (see registeredUrl) and again at every delivery,
 * where the connection is made. The secret is returned here once and stored only encrypted.
 */
export async function createWebhook(
  deps: Pick<Deps, "store" | "clock" | "ids" | "keyVault" | "config">,
  workspaceId: string,
  input: CreateWebhookInput,
): Promise<CreatedWebhook> {
  const url = await registeredUrl(input.url, { allowPrivate: deps.config.ALLOW_PRIVATE_URLS });
  const existing = await deps.store.webhooks.list(workspaceId);
  if (existing.length >= MAX_WEBHOOKS_PER_WORKSPACE) {
    throw new ValidationError(
      `A workspace has at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhooks; delete one before adding another`,
    );
  }

  const id = deps.ids("webhook");
  const secret = generateWebhookSecret();
  const webhook: Webhook = {
    id,
    workspaceId,
    url,
    events: input.events,
    isActive: true,
    createdAt: isoAt(deps.clock.nowMs()),
  };
  const secretCiphertext = await deps.keyVault.encrypt(secret, webhookSecretContext(workspaceId, id));
  await deps.store.webhooks.create({ ...webhook, secretCiphertext, deliveryCount: 0 });
  return { ...webhook, secret };
}
