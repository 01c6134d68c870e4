import * as z from "zod";

export const CreateApiKeyInput = z
  .object({ name: z.string().trim().min(1).max(100) })
  .meta({ id: "CreateApiKeyInput" });
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInput>;

/** The creation response: the only time the raw key is ever shown. */
export const CreatedApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    key: z.string(),
    prefix: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "CreatedApiKey" });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeySummary = z
  .object({
    id: z.string(),
    name: z.string(),
    keyPrefix: z.string(),
    lastUsedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "ApiKeySummary" });
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const ApiKeyRecord = ApiKeySummary.extend({ workspaceId: z.string(), keyHash: z.string() });
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;
