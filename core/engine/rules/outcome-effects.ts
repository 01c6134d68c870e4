import type { ApprovalRequest } from "../../domain/approval";
import type { ChildStep } from "../../domain/child-runs";
import type { AttemptCost } from "../../domain/cost-record";
import type { RunRecord } from "../../domain/run-record";

/**
 * Writes that belong to the same commit as the transition but live outside the run's items. Each is one
 * write of the commit (commit-transition.ts turns them into the RunChange), so one transition carries at most
 * one of each.
 */
export interface OutcomeEffects {
  createApproval?: ApprovalRequest;
  /**
   * An approval whose deadline passed undecided: it expires in the same commit that ends its wait, decided
   * by the step's `onTimeout` when that is `approve` or `reject`.
   */
  expireApproval?: { id: string; decision: "approved" | "rejected" | null };
  /** An approval whose escalation came due: these people may decide it too, from this commit on. */
  escalateApproval?: { id: string; assignees: string[] };
  /** The attempt's model calls: their record is written before the commit, which adds them to the run's sums. */
  cost?: AttemptCost;
  /** The step whose wait lists children to create after the commit (ChildrenWait.launch). */
  launchChildren?: ChildStep;
  /** The ended children whose outcomes the commit takes, as read: marked told after it (child-runs.ts). */
  tellChildren?: RunRecord[];
}

/**
 * The write of the commit each effect becomes: two effects of one write would leave one of them out, so
 * the approval's expiry and its escalation, which both settle the approval the run waits on, count as one.
 */
const WRITE: { [K in keyof OutcomeEffects]-?: string } = {
  createApproval: "the approval it opens",
  expireApproval: "the approval it settles",
  escalateApproval: "the approval it settles",
  cost: "the attempt's cost record",
  launchChildren: "the children it launches",
  tellChildren: "the children it tells",
};

/**
 * The effects of the parts of one transition (an outcome, the steps without side effects run after it, what
 * a supersession or a timeout adds), all of them. Two that are the same write would have the later one
 * replace the earlier unseen, a write the transition called for left out of its commit; that is a broken
 * rule, refused here (the advance fails, and is counted against the run) instead of committed.
 */
export function combineEffects(...parts: OutcomeEffects[]): OutcomeEffects {
  const combined: OutcomeEffects = {};
  const taken = new Map<string, keyof OutcomeEffects>();
  for (const part of parts) {
    for (const key of Object.keys(part) as (keyof OutcomeEffects)[]) {
      if (part[key] === undefined) continue;
      const earlier = taken.get(WRITE[key]);
      if (earlier) throw new Error(`One transition calls twice for ${WRITE[key]} (${earlier}, ${key})`);
      taken.set(WRITE[key], key);
      Object.assign(combined, { [key]: part[key] });
    }
  }
  return combined;
}
