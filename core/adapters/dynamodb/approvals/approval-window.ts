import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { ApprovalRequest } from "../../../domain/approval";
import type { Page } from "../../../ports/store";
import { numberRangeOf, type ProbeRun } from "../lists/run-number-range";
import type { Table } from "../table/dynamo-client";
import { type ItemKey, pad } from "../table/keys";
import { indexPartitionKeys } from "../table/query";
import { approvalListPartitions } from "./approval-keys";
import type { ApprovalNumbering } from "./approval-numbering";

/**
 * How many numbers past each end of a window's range are read too: requests opened by different workers at
 * the same moment take their numbers a few milliseconds after their `createdAt`, so one near an end may sit
 * just outside the range its `createdAt` falls in.
 */
export const WINDOW_MARGIN = 20;

/**
 * The requests created in [from, to), oldest first (docs/lists.md, "Approvals, a page at a time"): the
 * numbered ones are a range of numbers, each end found by a search over them (run-number-range.ts, as runs
 * by date), read with `WINDOW_MARGIN` numbers either side and kept by `createdAt`; those opened before
 * numbering are a `BETWEEN` on their creation-sorted partition. When the range holds more than `max`, nothing
 * is read and `total` is its size.
 */
export async function approvalsCreatedBetween(
  table: Table,
  numbering: ApprovalNumbering,
  read: (itemKeys: ItemKey[]) => Promise<ApprovalRequest[]>,
  workspaceId: string,
  window: { from: string; to: string; max: number },
): Promise<Page<ApprovalRequest>> {
  const pk = approvalListPartitions.numbered(workspaceId);
  const probe: ProbeRun = async (number, floor) => {
    const [key] = await indexPartitionKeys(table, "gsi1", pk, {
      newestFirst: true,
      sortBetween: { from: pad(floor, 12), to: pad(number, 12) },
      limit: 1,
    });
    if (!key) return undefined;
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: key, ProjectionExpression: "createdAt, gsi1sk" }),
    );
    return Item && { number: Number(Item.gsi1sk), createdAt: String(Item.createdAt) };
  };
  const { count, gaps } = await numbering.counter(workspaceId);
  const range = await numberRangeOf(probe, count, { createdAfter: window.from, createdBefore: window.to });
  const inRange = Math.max(
    0,
    range.to - range.from + 1 - gaps.filter((gap) => gap >= range.from && gap <= range.to).length,
  );
  const older = await indexPartitionKeys(table, "gsi1", approvalListPartitions.unnumbered(workspaceId), {
    sortBetween: { from: window.from, to: window.to },
  });
  if (inRange + older.length > window.max) return { items: [], total: inRange + older.length };
  const from = Math.max(1, range.from - WINDOW_MARGIN);
  const to = Math.min(count, range.to + WINDOW_MARGIN);
  const numbered =
    to < from
      ? []
      : await indexPartitionKeys(table, "gsi1", pk, {
          sortBetween: { from: pad(from, 12), to: pad(to, 12) },
        });
  const items = (await read([...older, ...numbered]))
    .filter(({ createdAt }) => createdAt >= window.from && createdAt < window.to)
    .sort(byCreation);
  return { items, total: items.length };
}

/** The order of the index's sort key by creation (`<createdAt>#<id>`), which lists have always followed. */
export function byCreation(a: ApprovalRequest, b: ApprovalRequest): number {
  const [left, right] = [`${a.createdAt}#${a.id}`, `${b.createdAt}#${b.id}`];
  return left < right ? -1 : left > right ? 1 : 0;
}
