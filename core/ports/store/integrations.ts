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

/** A workspace's registrations that steps find by a name unique in the workspace. */
export interface NamedRecordStore<T> {
  /** @returns false when the workspace already has one of that name. */
  create(record: T): Promise<boolean>;
  list(workspaceId: string): Promise<T[]>;
  byName(workspaceId: string, name: string): Promise<T | undefined>;
  /** @returns false when the workspace has no such record (never had, or already deleted). */
  delete(workspaceId: string, id: string): Promise<boolean>;
}

export type RemoteToolStore = NamedRecordStore<RemoteToolRecord>;
export type McpServerStore = NamedRecordStore<McpServerRecord>;
