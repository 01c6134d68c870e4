import type { McpServerRecord } from "../../domain/mcp-server";
import type { ProviderRecord } from "../../domain/provider-config";
import type { RemoteToolRecord } from "../../domain/remote-tool";

export interface ProviderStore {
  get(workspaceId: string, provider: string): Promise<ProviderRecord | undefined>;
  list(workspaceId: string): Promise<ProviderRecord[]>;
  /** @returns false when the provider already exists. */
  create(record: ProviderRecord): Promise<boolean>;
  /** @returns false when it does not exist. */
  update(record: ProviderRecord): Promise<boolean>;
  /** All or none; @returns the index of a provider not configured, or undefined when all were set. */
  setPriorities(
    workspaceId: string,
    priorities: readonly { provider: string; priority: number }[],
    now: string,
  ): Promise<number | undefined>;
  delete(workspaceId: string, provider: string): Promise<boolean>;
}

export interface RemoteToolStore {
  /** @returns false when the workspace already has a tool of that name. */
  create(record: RemoteToolRecord): Promise<boolean>;
  list(workspaceId: string): Promise<RemoteToolRecord[]>;
  byName(workspaceId: string, name: string): Promise<RemoteToolRecord | undefined>;
  delete(workspaceId: string, toolId: string): Promise<boolean>;
}

export interface McpServerStore {
  /** @returns false when the workspace already has a server of that name. */
  create(record: McpServerRecord): Promise<boolean>;
  list(workspaceId: string): Promise<McpServerRecord[]>;
  byName(workspaceId: string, name: string): Promise<McpServerRecord | undefined>;
  delete(workspaceId: string, serverId: string): Promise<boolean>;
}
