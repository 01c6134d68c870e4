import { ValidationError } from "../errors";
import { checkOutboundUrl, OutboundUrlRefused } from "../http/url-guard";
import { isoAt } from "../ports/clock";
import type { Deps } from "../ports/deps";
import type { CreatedWebhook, CreateWebhookInput, Webhook } from "./model";
import { generateWebhookSecret, webhookSecretContext } from "./secret";

/** Bounds the fan-out of one run event (and the work of a workspace's dispatches). */
export const MAX_WEBHOOKS_PER_WORKSPACE = 25;

/**
 * Registers a webhook (spec 4.9). The URL passes the outbound guard's rules now (https, no credentials, no
 * forbidden IP literal); names are resolved and checked at every delivery, where the connection is made.
 * The secret is returned here once and stored only encrypted.
 */
export async function createWebhook(
  deps: Pick<Deps, "store" | "clock" | "ids" | "keyVault" | "config">,
  workspaceId: string,
  input: CreateWebhookInput,
): Promise<CreatedWebhook> {
  const url = input.url.trim();
  try {
    checkOutboundUrl(url, { allowPrivate: deps.config.ALLOW_PRIVATE_URLS });
  } catch (error) {
    if (!(error instanceof OutboundUrlRefused)) throw error;
    throw new ValidationError(`Request body is invalid: url: ${error.reason}`, {
      details: { issues: [{ path: "url", message: error.reason }] },
    });
  }
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
