import * as z from "zod";

/** Spec 2.10 and 8: a customer-hosted tool that llm steps (and the remote_tool handler) may call. */
export const REMOTE_TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
export const DEFAULT_TOOL_TIMEOUT_MS = 10_000;
export const TOOL_SECRET_PREFIX = "tsec_";

export const CreateRemoteToolInput = z
  .object({
    name: z
      .string()
      .max(64)
      .regex(REMOTE_TOOL_NAME, "must start with a letter, then letters, digits, _ or -"),
    url: z
      .string()
      .min(1)
      .max(2048)
      .meta({ description: "Public HTTPS endpoint that receives signed calls" }),
    timeoutMs: z.int().min(100).max(30_000).default(DEFAULT_TOOL_TIMEOUT_MS),
  })
  .meta({ id: "CreateRemoteToolInput" });
export type CreateRemoteToolInput = z.infer<typeof CreateRemoteToolInput>;

export const RemoteToolSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    timeoutMs: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "RemoteToolSummary" });
export type RemoteToolSummary = z.infer<typeof RemoteToolSummary>;

/** The creation response: the only time the signing secret is shown. */
export const CreatedRemoteTool = RemoteToolSummary.extend({ secret: z.string() }).meta({
  id: "CreatedRemoteTool",
});

/** As stored: the summary plus the secret, encrypted by the key vault. */
export const RemoteToolRecord = RemoteToolSummary.extend({
  workspaceId: z.string(),
  secretCiphertext: z.string(),
});
export type RemoteToolRecord = z.infer<typeof RemoteToolRecord>;

export function toRemoteToolSummary(record: RemoteToolRecord): RemoteToolSummary {
  const { id, name, url, timeoutMs, createdAt } = record;
  return { id, name, url, timeoutMs, createdAt };
}

/** Binds a tool secret's ciphertext to its workspace and tool: copied elsewhere, it does not decrypt. */
export function toolSecretContext(workspaceId: string, toolId: string) {
  return { workspaceId, toolId, purpose: "remote-tool-secret" } as const;
}
