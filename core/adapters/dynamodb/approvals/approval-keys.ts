import { pad } from "../table/keys";

/**
 * The index partitions that list approval requests (docs/lists.md, "Approvals, a page at a time"): gsi1
 * every request numbered at its opening, by number; gsi3 the pending ones by creation, and the decided numbered
 * ones by number. Requests opened before numbering sit in gsi1's `all` partition by creation, for good.
 */
export const approvalListPartitions = {
  numbered: (workspaceId: string) => `WS#${workspaceId}#APPROVALS#N`,
  decided: (workspaceId: string) => `WS#${workspaceId}#APPROVALS#N#DECIDED`,
  pending: (workspaceId: string) => `WS#${workspaceId}#APPROVALS#PENDING`,
  unnumbered: (workspaceId: string) => `WS#${workspaceId}#APPROVALS`,
};

/**
 * An approval request's index keys at its opening: in gsi1 by its number (or, without one, by creation in the
 * partition of requests opened before numbering); in gsi3 while pending, which a decision moves to the decided
 * list and an expiry leaves (approval-store.ts).
 */
export function approvalIndexKeys(
  workspaceId: string,
  approvalId: string,
  createdAt: string,
  number: number | undefined,
) {
  const sk = `${createdAt}#${approvalId}`;
  return {
    gsi1pk:
      number === undefined
        ? approvalListPartitions.unnumbered(workspaceId)
        : approvalListPartitions.numbered(workspaceId),
    gsi1sk: number === undefined ? sk : pad(number, 12),
    gsi3pk: approvalListPartitions.pending(workspaceId),
    gsi3sk: sk,
  };
}
