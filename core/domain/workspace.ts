import * as z from "zod";

export const WORKSPACE_SLUG_PATTERN = /^[a-z0-9-]+$/;

export const WorkspaceName = z.string().trim().min(1).max(100);
export const WorkspaceSlug = z
  .string()
  .min(1)
  .max(50)
  .regex(WORKSPACE_SLUG_PATTERN, "must contain only lowercase letters, digits and hyphens");

export const CreateWorkspaceInput = z
  .object({ name: WorkspaceName, slug: WorkspaceSlug })
  .meta({ id: "CreateWorkspaceInput" });
export type CreateWorkspaceInput = z.infer<typeof CreateWorkspaceInput>;

export const Workspace = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Workspace" });
export type Workspace = z.infer<typeof Workspace>;

/** The stored workspace: the dashboard account that owns it never leaves the server. */
export const WorkspaceRecord = Workspace.extend({ ownerAccountId: z.string() });
export type WorkspaceRecord = z.infer<typeof WorkspaceRecord>;

/** A slug derived from a display name, for sign-ups that do not choose one. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "workspace";
}
