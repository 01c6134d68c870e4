import type { AttemptCost } from "../../domain/cost-record";
import { costKey } from "../dynamodb/costs/cost-items";
import { keys } from "../dynamodb/table/keys";
import { slot } from "./state";

/** Where a record sits in the memory state: under the item key the DynamoDB adapter gives it (state.ts `slot`). */
export const runSlot = (workspaceId: string, runId: string) => slot(keys.run(workspaceId, runId));
export const approvalSlot = (workspaceId: string, approvalId: string) =>
  slot(keys.approval(workspaceId, approvalId));
export const costSlot = (cost: AttemptCost) => slot(costKey(cost));

export const idempotencySlot = (workspaceId: string, key: string) => slot(keys.idempotency(workspaceId, key));
export const debounceSlot = (workspaceId: string, scope: string) =>
  slot(keys.debounceWindow(workspaceId, scope));
