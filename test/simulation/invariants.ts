/**
 * The engine's promises (core/engine/README.md), checked after a schedule from what the store holds (its
 * dump), what was written to it and by whom (the history), and what reached the outside world (the http
 * record). Each check names the invariant it holds, so a failing seed says which promise broke.
 */
import { groupBy } from "../../core/adapters/dynamodb/table/per-turn";
import type { MemoryRunsDump } from "../../core/adapters/memory/runs-store";
import type { ModelTotals } from "../../core/domain/cost-record";
import type { StoredWorkflowDefinition } from "../../core/domain/workflow-definition-record";
import {
  type AgentTranscript,
  agentToolCallsOnlyForUnfinishedTurns,
  agentTotalsAddUp,
  agentTranscriptsWhole,
} from "./agent-invariants";
import type { RecordedToolCall } from "./agent-tools";
import { approvalsSettled, votesAndNudgesOnce } from "./approval-invariants";
import { endedChildTold, noOrphanedChild } from "./child-invariants";
import { costsCountedOnce } from "./cost-invariants";
import { idempotentCreation, newestLive } from "./creation-invariants";
import { effects } from "./effect-invariants";
import type { Write } from "./history";
import type { RecordedRequest } from "./http-recorder";
import { completedOnce, denseSeqs, lifecycle } from "./journal-invariants";
import { noRunLost } from "./liveness-invariants";
import { rerunsCopy } from "./rerun-invariants";
import { slotsHeldByTheirRuns } from "./slot-invariants";
import { statusReplay } from "./status-invariants";
import { checkTraffic } from "./traffic-invariants";
import { followsItsVersion, landsAtTheNextBoundary } from "./upgrade-invariants";

export interface Evidence {
  dump: MemoryRunsDump;
  writes: readonly Write[];
  requests: readonly RecordedRequest[];
  /** Every call agent steps made to their tool, and the transcripts of their step runs as the drain left them. */
  toolCalls: readonly RecordedToolCall[];
  agentTranscripts: readonly AgentTranscript[];
  creations: readonly Creation[];
  definitions: readonly StoredWorkflowDefinition[];
  /** The workspace's all-time rollups after the drain. */
  rolledUp: readonly ModelTotals[];
}

/** A creation's answer, as its client got it. */
export interface Creation {
  runId: string;
  idempotencyKey: string | undefined;
  /** A debounced creation: its rendered key, its definition, and the tag that makes its input unique. */
  debounced?: { key: string; definitionId: string; tag: string };
}

export interface Violation {
  invariant: string;
  runId: string | null;
  detail: string;
}

/** What the checks saw that is allowed but worth counting. */
export interface Observations {
  /** Requests repeated with one key, each decided before any outcome of that attempt was committed. */
  repeatedEffects: number;
  /** Of those, sent after another worker had committed the step's outcome (the sender's lease had run out). */
  repeatsAfterOutcome: number;
}

export function checkInvariants(evidence: Evidence): { violations: Violation[]; observations: Observations } {
  const violations: Violation[] = [];
  const flag = (invariant: string, runId: string | null, detail: string) =>
    violations.push({ invariant, runId, detail });
  const writesByRun = groupBy(evidence.writes, (write) => write.runId);

  noRunLost(evidence, flag);
  noOrphanedChild(evidence, flag);
  endedChildTold(evidence, flag);
  costsCountedOnce(evidence, flag);
  approvalsSettled(evidence.dump, flag);
  for (const { run, history } of evidence.dump.runs) {
    const { events } = history;
    denseSeqs(run, events, flag);
    lifecycle(run, events, writesByRun.get(run.id) ?? [], flag);
    statusReplay(run, writesByRun.get(run.id) ?? [], flag);
    followsItsVersion(run, events, evidence.definitions, flag);
    landsAtTheNextBoundary(run, events, writesByRun.get(run.id) ?? [], flag);
    rerunsCopy(run, events, flag);
  }
  completedOnce(evidence.dump, flag);
  votesAndNudgesOnce(evidence.dump, flag);
  idempotentCreation(evidence, flag);
  newestLive(evidence, flag);
  slotsHeldByTheirRuns(evidence, flag);
  checkTraffic(evidence, writesByRun, flag);
  agentToolCallsOnlyForUnfinishedTurns(evidence, flag);
  agentTranscriptsWhole(evidence, flag);
  agentTotalsAddUp(evidence, flag);
  const observations = effects(evidence, flag);
  return { violations, observations };
}

export type Flag = (invariant: string, runId: string | null, detail: string) => void;
