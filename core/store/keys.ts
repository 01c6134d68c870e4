/**
 * Every primary and index key of the single table is built here and nowhere else, so the layout documented in
 * docs/data-model.md has exactly one implementation. Workspace-owned items put the workspace id in their
 * partition key: a lookup with another workspace's id cannot reach them, whatever the route does.
 */
export interface ItemKey {
  pk: string;
  sk: string;
}

const workspacePartition = (workspaceId: string) => `WS#${workspaceId}`;

export const keys = {
  workspace: (workspaceId: string): ItemKey => ({ pk: workspacePartition(workspaceId), sk: "WORKSPACE" }),
  workspaceSlug: (slug: string): ItemKey => ({ pk: `SLUG#${slug}`, sk: "SLUG" }),

  apiKey: (workspaceId: string, apiKeyId: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `APIKEY#${apiKeyId}`,
  }),
  apiKeyPrefix: "APIKEY#",
  apiKeyHash: (keyHash: string): ItemKey => ({ pk: `KEYHASH#${keyHash}`, sk: "KEYHASH" }),

  definition: (workspaceId: string, definitionId: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `DEF#${definitionId}`,
  }),
  definitionPrefix: "DEF#",

  account: (accountId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: "ACCOUNT" }),
  accountEmail: (email: string): ItemKey => ({ pk: `EMAIL#${email}`, sk: "EMAIL" }),
  membership: (accountId: string, workspaceId: string): ItemKey => ({
    pk: `ACCOUNT#${accountId}`,
    sk: `MEMBER#${workspaceId}`,
  }),
  membershipPrefix: "MEMBER#",
  session: (tokenHash: string): ItemKey => ({ pk: `SESSION#${tokenHash}`, sk: "SESSION" }),

  rateWindow: (scope: string, windowStartMs: number): ItemKey => ({
    pk: `RATE#${scope}#${windowStartMs}`,
    sk: "RATE",
  }),

  health: (): ItemKey => ({ pk: "HEALTH", sk: "HEALTH" }),
  workspacePartition,
} as const;
