import { listedDefinitionId } from "../../../domain/run-revisions";
import type { EndedCountItems } from "../lists/ended-counts";
import type { EndCountWrites } from "./end-counting";

/** The count of an ended status's runs of one definition, beside the workspace's counts of that status. */
export const endedOfDefinition = (definitionId: string, status: string) => `DEF#${definitionId}#${status}`;
/** The count of an ended status's runs of one supersession key (the status ends it: keys may hold `#`). */
export const endedOfKey = (supersessionKey: string, status: string) => `KEY#${supersessionKey}#${status}`;

/**
 * Counting ends in these items: a run numbered above its workspace's start is counted in its block, and in its
 * definition's and its supersession key's too when numbered above those starts. If one of the adds fails, the
 * others are taken back.
 */
export function endCountWrites(items: EndedCountItems): EndCountWrites {
  return {
    counts: async (run) => run.seq > (await items.starts(run.workspaceId)).runs,
    async add(run, status, delta) {
      const starts = await items.starts(run.workspaceId);
      const lists = [status];
      if (run.seq > starts.definitions) lists.push(endedOfDefinition(listedDefinitionId(run), status));
      if (run.supersessionKey !== null && run.seq > starts.keys) {
        lists.push(endedOfKey(run.supersessionKey, status));
      }
      const added = await Promise.allSettled(
        lists.map((list) => items.add(run.workspaceId, list, run.seq, delta)),
      );
      const failed = added.find((result) => result.status === "rejected");
      if (!failed) return;
      await Promise.all(
        lists.map((list, i) =>
          added[i]?.status === "fulfilled" ? items.add(run.workspaceId, list, run.seq, -delta) : undefined,
        ),
      );
      throw failed.reason;
    },
  };
}
