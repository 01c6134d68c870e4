import { describe } from "vitest";
import type { RunsStore } from "../../core/ports/store";
import { describeApprovalPages } from "./approval-pages.contract";
import { describeCosts } from "./costs.contract";
import { describeDefinitions } from "./definitions.contract";
import { describeEndedRunLists } from "./ended-run-lists.contract";
import { describeItemBound } from "./item-bound.contract";
import { describeKeyFilteredLists } from "./key-filtered-lists.contract";
import { describeRunCommit } from "./run-commit.contract";
import { describeCreation } from "./run-creation.contract";
import { describeRunLists } from "./run-lists.contract";
import { describeRunReads } from "./run-reads.contract";
import { describeRunSlots } from "./run-slots.contract";
import { describeStepCounter } from "./step-counter.contract";
import { describeTriggers } from "./triggers.contract";

/** A store with nothing in it; each test gets its own. */
export type MakeStore = () => Promise<RunsStore>;

/**
 * The semantics of the RunsStore port (core/ports/store.ts) that the engine relies on, run against each
 * adapter: the DynamoDB one on DynamoDB Local and the simulation harness's in-memory one.
 */
export function describeRunsStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name} RunsStore`, () => {
    describeRunCommit(makeStore);
    describeRunReads(makeStore);
    describeItemBound(makeStore);
    describeCreation(makeStore);
    describeRunLists(makeStore);
    describeEndedRunLists(makeStore);
    describeKeyFilteredLists(makeStore);
    describeApprovalPages(makeStore);
    describeCosts(makeStore);
    describeDefinitions(makeStore);
    describeTriggers(makeStore);
    describeRunSlots(makeStore);
    describeStepCounter(makeStore);
  });
}
