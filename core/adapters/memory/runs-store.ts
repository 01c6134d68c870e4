import type { ApprovalRequest } from "../../domain/approval";
import type { AttemptCost } from "../../domain/cost-record";
import { mergeHistory, type RunHistory } from "../../domain/run-history";
import type { RunRecord } from "../../domain/run-record";
import type { RunsStore } from "../../ports/store";
import { createMemoryApprovals } from "./approvals";
import { instrument, type MemoryStoreHook } from "./calls";
import { createMemoryCostRollups } from "./cost-rollups";
import { createMemoryCosts } from "./costs";
import { createMemoryDefinitions } from "./definitions";
import { createMemoryRuns } from "./runs";
import { emptyState, type IdempotencyClaim, type RunCounter } from "./state";
import { createMemoryTriggers } from "./triggers";

export type { MemoryStoreCall, MemoryStoreHook, MemoryStoreOperation } from "./calls";

/**
 * The RunsStore in memory, for the deterministic simulation harness only (test/simulation/): the DynamoDB
 * adapter's semantics, which test/contract/runs-store.contract.ts holds both to, with no timer and no
 * randomness of its own. Everything read is a copy, everything written is copied in.
 */
export interface MemoryRunsStoreOptions {
  /** Called before and after every operation: see MemoryStoreHook. */
  onCall?: MemoryStoreHook;
  /** The workspaces that have webhooks (none by default): their announcing commits write the outbox. */
  hasWebhooks?: (workspaceId: string) => boolean;
}

/** Everything the store holds, copied, for the harness's invariant checks. */
export interface MemoryRunsDump {
  /** Each run with its whole history, journals and the run item's own merged as readers see them. */
  runs: { run: RunRecord; history: RunHistory }[];
  approvals: { workspaceId: string; approval: ApprovalRequest }[];
  costs: { cost: AttemptCost; pending: boolean }[];
  idempotencyKeys: IdempotencyClaim[];
  counters: RunCounter[];
  /** Each slot's holders, by the slot item's key (core/adapters/memory/slots.ts). */
  slotHolders: { slot: string; holders: string[] }[];
}

export type MemoryRunsStore = RunsStore & {
  /** Synchronous, and outside the hook: the harness reads the state between steps. */
  dump(): MemoryRunsDump;
};

export function createMemoryRunsStore(options: MemoryRunsStoreOptions = {}): MemoryRunsStore {
  const state = emptyState();
  const { onCall } = options;
  return {
    runs: instrument("runs", createMemoryRuns(state), onCall),
    triggers: instrument("triggers", createMemoryTriggers(state), onCall),
    approvals: instrument("approvals", createMemoryApprovals(state), onCall),
    costs: instrument("costs", createMemoryCosts(state), onCall),
    costRollups: instrument("costRollups", createMemoryCostRollups(state), onCall),
    definitions: instrument("definitions", createMemoryDefinitions(state), onCall),
    webhooks: instrument(
      "webhooks",
      // A workspace with webhooks takes every event here: the simulation's webhooks are subscribed to all.
      { subscribed: async (workspaceId: string) => options.hasWebhooks?.(workspaceId) ?? false },
      onCall,
    ),

    dump: () =>
      structuredClone({
        runs: [...state.runs.values()].map(({ record, journals }) => ({
          run: record,
          history: mergeHistory(record.recent ? [...journals, record.recent] : journals),
        })),
        approvals: [...state.approvals.values()],
        costs: [...state.costs.values()].map(({ cost, pending }) => ({ cost, pending })),
        idempotencyKeys: [...state.idempotency.values()],
        counters: [...state.counters.values()],
        slotHolders: [...state.slotHolders].map(([slot, holders]) => ({
          slot,
          holders: [...holders].sort(),
        })),
      }),
  };
}
