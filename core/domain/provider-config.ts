import * as z from "zod";
import { PROVIDER_NAMES, type ProviderName } from "./llm-call";

/** Spec 2.9 and 4.7: a workspace's own key for one model provider, with its place in the fallback order. */
export const ProviderNameSchema = z.enum(PROVIDER_NAMES as [ProviderName, ...ProviderName[]]);

export const PutProviderInput = z
  .object({
    provider: ProviderNameSchema,
    apiKey: z
      .string()
      .min(10)
      .max(1000)
      .meta({ description: "Write-only; encrypted at rest, never returned" }),
    priority: z.int().min(0).max(99).default(0).meta({ description: "Fallback order, ascending" }),
    isEnabled: z.boolean().default(true),
  })
  .meta({ id: "PutProviderInput" });
export type PutProviderInput = z.infer<typeof PutProviderInput>;

/**
 * `provider` is any string here, not the enum: decisions section 6 makes an unknown provider a 404, like
 * one the workspace has not configured, rather than a 400.
 */
export const PatchPrioritiesInput = z
  .object({
    providers: z
      .array(z.object({ provider: z.string().min(1).max(50), priority: z.int().min(0).max(99) }))
      .min(1)
      .max(3)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((item, index) => {
          if (seen.has(item.provider)) {
            ctx.addIssue({
              code: "custom",
              path: [index, "provider"],
              message: "Each provider may appear once",
            });
          }
          seen.add(item.provider);
        });
      }),
  })
  .meta({ id: "PatchPrioritiesInput" });
export type PatchPrioritiesInput = z.infer<typeof PatchPrioritiesInput>;

export const ProviderSummary = z
  .object({
    id: z.string(),
    provider: ProviderNameSchema,
    priority: z.number().int(),
    isEnabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ProviderSummary" });
export type ProviderSummary = z.infer<typeof ProviderSummary>;

/** As stored: the summary plus the key, encrypted by the key vault. */
export const ProviderRecord = ProviderSummary.extend({
  workspaceId: z.string(),
  apiKeyCiphertext: z.string(),
});
export type ProviderRecord = z.infer<typeof ProviderRecord>;

export function toProviderSummary(record: ProviderRecord): ProviderSummary {
  const { id, provider, priority, isEnabled, createdAt, updatedAt } = record;
  return { id, provider, priority, isEnabled, createdAt, updatedAt };
}

/**
 * The key vault context of a provider key: the ciphertext decrypts only for this workspace and provider,
 * so a ciphertext copied to another record (or workspace) is useless there.
 */
export function providerKeyContext(workspaceId: string, provider: ProviderName) {
  return { workspaceId, provider, purpose: "llm-provider-key" } as const;
}
