/**
 * The engine's promises (core/engine/README.md), checked after a schedule from what the store holds (its
 * dump), what was written to it and by whom (the history), and what reached the outside world (the http
 * record). Each check names the invariant it holds, so a failing seed says which promise broke.
 */
import { keys } from "../../core/adapters/dynamodb/keys";
import { groupBy } from "../../core/adapters/dynamodb/per-turn";
import type { MemoryRunsDump } from "../../core/adapters/memory/runs-store";
import { slot } from "../../core/adapters/memory/state";
import { liveChildIds } from "../../core/domain/child-runs";
import type { ModelTotals } from "../../core/domain/cost-record";
import type { StoredEvent } from "../../core/domain/run-change";
import type { RunRecord } from "../../core/domain/run-record";
import { holdsSlot } from "../../core/domain/run-slots";
import {
  FINAL_RUN_STATUSES,
  LIVE_RUN_STATUSES,
  RUN_TRANSITIONS,
  RunStatus,
  STEP_TRANSITIONS,
  StepRunStatus,
} from "../../core/domain/statuses";
import { stepsInScope } from "../../core/domain/step-lists";
import type { StoredWorkflowDefinition } from "../../core/domain/workflow-definition-record";
import { noOrphanedChild } from "./child-invariants";
import { costsCountedOnce } from "./cost-invariants";
import type { Write } from "./history";
import type { RecordedRequest } from "./http-recorder";
import { checkTraffic, queuedLatest } from "./traffic-invariants";

export interface Evidence {
  dump: MemoryRunsDump;
  writes: readonly Write[];
  requests: readonly RecordedRequest[];
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

const TERMINAL_EVENTS: Record<string, RunStatus> = {
  WORKFLOW_COMPLETED: RunStatus.Completed,
  WORKFLOW_CANCELLED: RunStatus.Cancelled,
  WORKFLOW_SUPERSEDED: RunStatus.Superseded,
};

export function checkInvariants(evidence: Evidence): { violations: Violation[]; observations: Observations } {
  const violations: Violation[] = [];
  const flag = (invariant: string, runId: string | null, detail: string) =>
    violations.push({ invariant, runId, detail });
  const writesByRun = groupBy(evidence.writes, (write) => write.runId);

  noRunLost(evidence, flag);
  noOrphanedChild(evidence, flag);
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
  const observations = effects(evidence, flag);
  return { violations, observations };
}

type Flag = (invariant: string, runId: string | null, detail: string) => void;

/**
 * Invariant 4: after the drain, every run has ended or waits for a person: a signal, or a decision on the
 * approval it waits on, which must still be pending.
 */
function noRunLost({ dump, creations, writes }: Evidence, flag: Flag): void {
  const pending = new Map(
    dump.approvals
      .filter(({ approval }) => approval.decision === null && approval.expiredAt === null)
      .map(({ approval }) => [approval.id, approval.workflowRunId]),
  );
  const stored = new Set(dump.runs.map(({ run }) => run.id));
  const created = new Set([
    ...creations.map((creation) => creation.runId),
    ...writes.filter((w) => w.fromVersion === 0).map((w) => w.runId),
  ]);
  for (const runId of created) {
    if (!stored.has(runId)) flag("no run lost", runId, "created, but the store does not have it");
  }
  const live = new Set(
    dump.runs.flatMap(({ run }) => (LIVE_RUN_STATUSES.includes(run.status) ? [run.id] : [])),
  );
  for (const { run } of dump.runs) {
    if (FINAL_RUN_STATUSES.includes(run.status) || run.status === RunStatus.Failed) continue;
    const wait = run.active?.wait;
    // A run waiting for its child runs waits for a person as long as one of them does (checked in turn).
    const waitsForChildren = liveChildIds(run).some((childId) => live.has(childId));
    const waitsForPerson =
      waitsForChildren ||
      // Queued for a slot its holders keep (each of them checked in turn).
      (run.status === RunStatus.Pending && run.waiting?.for === "concurrency" && slotFull(dump, run)) ||
      // queue_latest: behind a started run of its key, whatever mode created it (checked in turn).
      (run.status === RunStatus.Pending &&
        run.waiting?.for === "supersession" &&
        dump.runs.some(
          ({ run: other }) =>
            other.id !== run.id && other.supersessionKey === run.supersessionKey && holdsSlot(other.status),
        )) ||
      (run.status === RunStatus.Waiting && wait?.kind === "signal" && wait.deadlineMs === null) ||
      (run.status === RunStatus.Paused &&
        wait?.kind === "approval" &&
        wait.deadlineMs === null &&
        pending.get(wait.approvalRequestId) === run.id);
    if (!waitsForPerson) {
      const where = run.active
        ? `step ${run.active.stepRun.stepName} ${run.active.stepRun.status}, wait ${JSON.stringify(wait)}, ` +
          `lease ${JSON.stringify(run.active.lease)}, retry at ${run.active.retryAtMs}`
        : `no active step, next ${run.nextStepName}`;
      flag("no run lost", run.id, `${run.status} after the drain (${where})`);
    }
  }
}

/** The run's slot has no free place left. */
function slotFull(dump: MemoryRunsDump, run: RunRecord): boolean {
  if (!run.slot) return false;
  return holdersOf(dump, run).length >= run.slot.limit;
}

function holdersOf(dump: MemoryRunsDump, run: RunRecord): string[] {
  const key = run.slot && slot(keys.slot(run.workspaceId, run.slot.key));
  return dump.slotHolders.find((held) => held.slot === key)?.holders ?? [];
}

/**
 * A slot's holders are exactly the started, unfinished runs of its key, never more than its limit: after
 * the drain in the store, and after every write the store accepted, replayed in order.
 */
function slotsHeldByTheirRuns({ dump, writes }: Evidence, flag: Flag): void {
  const limited = dump.runs.map(({ run }) => run).filter((run) => run.slot !== undefined);
  for (const runs of groupBy(limited, (run) => run.slot?.key ?? "").values()) {
    const [first] = runs;
    if (!first?.slot) continue;
    const expected = runs
      .filter((run) => holdsSlot(run.status))
      .map((run) => run.id)
      .sort();
    const holders = holdersOf(dump, first);
    if (JSON.stringify(holders) !== JSON.stringify(expected)) {
      flag(
        "slot holders are its live started runs",
        null,
        `${first.slot.key}: holders ${holders.join(", ")}; started and unfinished ${expected.join(", ")}`,
      );
    }
  }
  const slotOf = new Map(limited.map((run) => [run.id, run.slot]));
  const statuses = new Map<string, RunStatus>();
  for (const write of writes) {
    const runSlot = slotOf.get(write.runId);
    if (!runSlot) continue;
    statuses.set(write.runId, write.status);
    const holding = [...statuses].filter(
      ([runId, status]) => slotOf.get(runId)?.key === runSlot.key && holdsSlot(status),
    ).length;
    if (holding > runSlot.limit) {
      flag(
        "never above the limit",
        write.runId,
        `${holding} runs of ${runSlot.key} started and unfinished at write ${write.at}; limit ${runSlot.limit}`,
      );
    }
  }
}

/**
 * An approval is offered only while its run waits on it: one its run no longer waits for is settled in the
 * same commit that moved the run on (decided, expired, cancelled, superseded), so nobody is asked in vain.
 */
function approvalsSettled(dump: MemoryRunsDump, flag: Flag): void {
  const runs = new Map(dump.runs.map(({ run }) => [run.id, run]));
  for (const { approval } of dump.approvals) {
    if (approval.decision !== null || approval.expiredAt !== null) continue;
    const run = runs.get(approval.workflowRunId);
    const wait = run?.active?.wait;
    if (
      run?.status !== RunStatus.Paused ||
      wait?.kind !== "approval" ||
      wait.approvalRequestId !== approval.id
    ) {
      flag(
        "approvals settle with their run",
        approval.workflowRunId,
        `${approval.id} is pending, but the run is ` +
          `${run?.status} waiting on ${JSON.stringify(wait ?? null)}`,
      );
    }
  }
}

/** Events are numbered 1..n per run, with no gap and no number twice. */
function denseSeqs(run: RunRecord, events: readonly StoredEvent[], flag: Flag): void {
  const seqs = events.map((event) => event.seq).sort((a, b) => a - b);
  const dense = seqs.length === run.eventSeq && seqs.every((seq, i) => seq === i + 1);
  if (!dense) flag("event seqs dense", run.id, `eventSeq ${run.eventSeq}, journal holds [${seqs.join(",")}]`);
}

/**
 * One WORKFLOW_STARTED, first; one terminal event, last, matching the status; a WORKFLOW_FAILED is the last
 * event or is followed by a retry's commit (the retry endpoint revives a FAILED run).
 */
function lifecycle(
  run: RunRecord,
  events: readonly StoredEvent[],
  writes: readonly Write[],
  flag: Flag,
): void {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const types = ordered.map((event) => event.eventType);
  // A signal sent to a PENDING run is kept (SIGNAL_BUFFERED), and an upgrade of a PENDING run lands
  // (WORKFLOW_UPGRADED), before the run starts: not part of its course.
  const course = types.filter((type) => type !== "SIGNAL_BUFFERED" && type !== "WORKFLOW_UPGRADED");
  const started = course.filter((type) => type === "WORKFLOW_STARTED").length;
  const bare =
    course.length === 1 && (course[0] === "WORKFLOW_CANCELLED" || course[0] === "WORKFLOW_SUPERSEDED");
  if (course.length > 0 && !bare && (started !== 1 || course[0] !== "WORKFLOW_STARTED")) {
    flag("one WORKFLOW_STARTED", run.id, `events: ${types.join(" ")}`);
  }
  const terminal = ordered.filter((event) => event.eventType in TERMINAL_EVENTS);
  if (terminal.length > 1 || (terminal[0] && terminal[0] !== ordered.at(-1))) {
    flag("one terminal event", run.id, `events: ${types.join(" ")}`);
  }
  const retrySeqs = new Set(
    writes
      .filter((write) => write.role === "retry")
      .flatMap((write) => write.events.map((event) => event.seq)),
  );
  for (const failed of ordered.filter((event) => event.eventType === "WORKFLOW_FAILED")) {
    if (failed === ordered.at(-1) || retrySeqs.has(failed.seq + 1)) continue;
    flag(
      "one terminal event",
      run.id,
      `events after WORKFLOW_FAILED #${failed.seq} without a retry: ${types.join(" ")}`,
    );
  }
  const last = ordered.at(-1)?.eventType;
  const expected =
    run.status === RunStatus.Failed
      ? "WORKFLOW_FAILED"
      : Object.keys(TERMINAL_EVENTS).find((type) => TERMINAL_EVENTS[type] === run.status);
  if (expected !== undefined && last !== expected) {
    flag("one terminal event", run.id, `${run.status} but its last event is ${last ?? "none"}`);
  }
}

/**
 * Replays what was written to the run. Invariant 2: one commit per version (a second from the same version
 * is a lost update), and the store ends where the last commit left it. The state tables: each status
 * reachable from the one before (a commit may pass through several), nothing after COMPLETED, CANCELLED or
 * SUPERSEDED, only a retry after FAILED; likewise for each step run.
 */
function statusReplay(run: RunRecord, writes: readonly Write[], flag: Flag): void {
  const ordered = [...writes].sort((a, b) => a.fromVersion - b.fromVersion || a.at - b.at);
  let status: RunStatus | undefined;
  const steps = new Map<string, { status: StepRunStatus; attempt: number }>();
  let forked = false;
  ordered.forEach((write, i) => {
    if (write.fromVersion !== i && !forked) {
      forked = true;
      flag(
        "one commit per version",
        run.id,
        `write by ${write.by} from version ${write.fromVersion}, expected ${i}` +
          ` (versions written: ${ordered.map((w) => w.fromVersion).join(",")})`,
      );
    }
    if (status !== undefined) {
      const ended =
        FINAL_RUN_STATUSES.includes(status) || (status === RunStatus.Failed && write.role !== "retry");
      // The one write an ended run takes: a child run noting that its parent heard of its end (parentTold),
      // which keeps its status and records nothing.
      const note = ended && write.status === status && write.events.length === 0;
      if ((ended && !note) || !reachableRun(status, write.status)) {
        flag(
          "statuses by the tables",
          run.id,
          `${status} → ${write.status} by ${write.by} (v${write.fromVersion})`,
        );
      }
    }
    status = write.status;
    for (const stepRun of write.stepRuns) {
      const before = steps.get(stepRun.id) ?? { status: StepRunStatus.Running, attempt: 1 };
      const retried = stepRun.attempt > before.attempt;
      const moved = retried
        ? reachableStep(before.status, StepRunStatus.Failed) &&
          reachableStep(StepRunStatus.Running, stepRun.status)
        : stepRun.attempt === before.attempt && reachableStep(before.status, stepRun.status);
      if (!moved) {
        flag(
          "statuses by the tables",
          run.id,
          `step run ${stepRun.id}: ${before.status}#${before.attempt} → ` +
            `${stepRun.status}#${stepRun.attempt} by ${write.by}`,
        );
      }
      steps.set(stepRun.id, stepRun);
    }
  });
  if (ordered.length > 0 && (run.version !== ordered.length || run.status !== status)) {
    flag(
      "one commit per version",
      run.id,
      `stored v${run.version} ${run.status}, but ${ordered.length} writes ending ${status}`,
    );
  }
}

/**
 * Upgrades (docs/flow.md): one lands only between steps, from the version the run followed; every step the
 * run starts is a step of the version it follows then; the run ends on the version its last upgrade named;
 * and no run fails for want of a step, which the upgrade check is there to prevent.
 */
function followsItsVersion(
  run: RunRecord,
  events: readonly StoredEvent[],
  definitions: readonly StoredWorkflowDefinition[],
  flag: Flag,
): void {
  const stepsOf = new Map(definitions.map((definition) => [definition.id, definition.stepsJson]));
  let current: string | undefined;
  const open = new Set<string>();
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    const { payload } = event;
    if (event.eventType === "WORKFLOW_STARTED") current = String(payload.definitionId);
    if (event.eventType === "STEP_STARTED") {
      open.add(event.stepRunId ?? "");
      // A branch's or item's run follows the nested list of its scope (docs/flow.md, "Child runs").
      const steps = stepsInScope(stepsOf.get(current ?? "") ?? [], run.scope);
      const known = steps?.some((step) => step.name === payload.stepName);
      if (!known) {
        flag(
          "runs follow their version",
          run.id,
          `#${event.seq} started ${payload.stepName}, not in ${current}`,
        );
      }
    }
    if (event.eventType === "STEP_COMPLETED") open.delete(event.stepRunId ?? "");
    if (event.eventType === "WORKFLOW_UPGRADED") {
      if (open.size > 0) {
        flag("upgrades land between steps", run.id, `#${event.seq} landed while ${[...open]} ran`);
      }
      if (current !== undefined && payload.fromDefinitionId !== current) {
        flag(
          "runs follow their version",
          run.id,
          `#${event.seq} upgraded from ${payload.fromDefinitionId}, on ${current}`,
        );
      }
      current = String(payload.toDefinitionId);
    }
    const error = event.eventType === "WORKFLOW_FAILED" ? String(payload.error) : "";
    if (/does not exist in the definition|is not in the version/.test(error)) {
      flag("runs follow their version", run.id, `#${event.seq} failed: ${error}`);
    }
  }
  if (current !== undefined && run.definitionId !== current) {
    flag("runs follow their version", run.id, `stored on ${run.definitionId}, its events end on ${current}`);
  }
}

/**
 * An upgrade asked for while a step was active lands when that step ends, before any other step starts
 * (its own retries may come first): after the last upgrade request that left one pending, no other step
 * run starts until WORKFLOW_UPGRADED.
 */
function landsAtTheNextBoundary(
  run: RunRecord,
  events: readonly StoredEvent[],
  writes: readonly Write[],
  flag: Flag,
): void {
  const requests = writes.filter((write) => write.role === "upgrade");
  const last = requests.at(-1)?.pendingUpgrade;
  if (!last) return;
  const later = [...events].filter((event) => event.seq > last.eventSeq).sort((a, b) => a.seq - b.seq);
  for (const event of later) {
    if (event.eventType === "WORKFLOW_UPGRADED") return;
    if (event.eventType === "STEP_STARTED" && event.stepRunId !== last.activeStepRunId) {
      flag(
        "upgrades land at the next step boundary",
        run.id,
        `#${event.seq} started ${String(event.payload.stepName)} with the upgrade to ${last.definitionId} pending`,
      );
      return;
    }
  }
}

/**
 * A rerun starts at its `fromStep`, and the steps it copied are never executed (no STEP_STARTED for them).
 */
function rerunsCopy(run: RunRecord, events: readonly StoredEvent[], flag: Flag): void {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const fromStep = ordered.find((event) => event.eventType === "WORKFLOW_STARTED")?.payload.fromStep;
  if (fromStep === undefined) return;
  const copied = new Set(ordered.filter((e) => e.eventType === "STEP_COPIED").map((e) => e.stepRunId));
  const started = ordered.filter((event) => event.eventType === "STEP_STARTED");
  if (started[0] && started[0].payload.stepName !== fromStep) {
    flag("reruns start at fromStep", run.id, `started at ${started[0].payload.stepName}, not ${fromStep}`);
  }
  for (const event of started) {
    if (copied.has(event.stepRunId)) {
      flag("copied steps never run", run.id, `#${event.seq} started copied step run ${event.stepRunId}`);
    }
  }
}

/**
 * Invariant 3: a step run is COMPLETED by one commit only, its one STEP_COMPLETED; and each of its
 * attempts is started once, in order (two workers both starting one attempt would show here).
 */
function completedOnce(dump: MemoryRunsDump, flag: Flag): void {
  for (const { run, history } of dump.runs) {
    const runId = run.id;
    const completedEvents = groupBy(
      history.events.filter((event) => event.eventType === "STEP_COMPLETED"),
      (event) => event.stepRunId ?? "",
    );
    for (const [stepRunId, events] of completedEvents) {
      if (events.length > 1) {
        flag(
          "no step completed twice",
          runId,
          `${events.length} STEP_COMPLETED for ${stepRunId} (seqs ${events.map((e) => e.seq).join(",")})`,
        );
      }
    }
    const starts = groupBy(
      history.events.filter((event) => event.eventType === "STEP_STARTED"),
      (event) => event.stepRunId ?? "",
    );
    for (const [stepRunId, events] of starts) {
      const attempts = events.sort((a, b) => a.seq - b.seq).map((event) => Number(event.payload.attempt));
      if (attempts.some((attempt, i) => attempt !== i + 1)) {
        flag("one start per attempt", runId, `${stepRunId} started as attempts ${attempts.join(",")}`);
      }
    }
  }
}

/**
 * One idempotency key, one run, however many requests raced with it: in the store, and in what every
 * creation with the key answered.
 */
function idempotentCreation({ dump, creations }: Evidence, flag: Flag): void {
  const runsByKey = new Map<string, Set<string>>();
  const note = (key: string, runId: string) =>
    runsByKey.set(key, (runsByKey.get(key) ?? new Set()).add(runId));
  for (const { run } of dump.runs) if (run.idempotencyKey !== null) note(run.idempotencyKey, run.id);
  for (const { idempotencyKey, runId } of creations)
    if (idempotencyKey !== undefined) note(idempotencyKey, runId);
  for (const [key, runIds] of runsByKey) {
    if (runIds.size > 1) flag("one run per idempotency key", null, `"${key}": ${[...runIds].join(", ")}`);
  }
}

/**
 * Every creation with a supersession key supersedes (the workload always asks it to), so of the runs
 * sharing a key only the newest is left live, even when creations raced; an older one may live again
 * only through a retry after that creation (a FAILED run is not live, so it is not superseded). A
 * `queue_latest` creation keeps the runs that had started: an older run stays live when every run created
 * after it with its key was `queue_latest` and found it started.
 */
function newestLive({ dump, writes }: Evidence, flag: Flag): void {
  const byKey = groupBy(
    dump.runs.map(({ run }) => run).filter((run) => run.supersessionKey !== null),
    (run) => run.supersessionKey ?? "",
  );
  const createdAt = (run: RunRecord) =>
    writes.find((write) => write.runId === run.id && write.fromVersion === 0)?.at ?? 0;
  const startedAt = (run: RunRecord, at: number) => {
    const before = writes.filter((write) => write.runId === run.id && write.at < at).at(-1);
    return before !== undefined && holdsSlot(before.status);
  };
  for (const runs of byKey.values()) {
    const newest = runs.reduce((a, b) => (b.seq > a.seq ? b : a));
    for (const run of runs) {
      if (run === newest || !LIVE_RUN_STATUSES.includes(run.status)) continue;
      const revived = writes.some(
        (write) => write.runId === run.id && write.role === "retry" && write.at > createdAt(newest),
      );
      const kept = runs
        .filter((later) => later.seq > run.seq)
        .every((later) => queuedLatest(later) && startedAt(run, createdAt(later)));
      if (!revived && !kept)
        flag(
          "only the newest live",
          run.id,
          `${run.status}, but ${newest.id} was created after it with its key`,
        );
    }
  }
}

/**
 * Votes and nudges count once: a request keeps one vote per person, every APPROVAL_VOTE_RECORDED has its vote
 * on the request, and each reminder (by number) and the escalation are recorded at most once per request,
 * however wake-ups, doorbells and decisions raced.
 */
function votesAndNudgesOnce(dump: MemoryRunsDump, flag: Flag): void {
  const requests = new Map(dump.approvals.map(({ approval }) => [approval.id, approval]));
  for (const { approval } of dump.approvals) {
    const voters = approval.votes.map((vote) => vote.decidedBy);
    if (new Set(voters).size !== voters.length) {
      flag(
        "one vote per person",
        approval.workflowRunId,
        `${approval.id} holds votes of ${voters.join(", ")}`,
      );
    }
  }
  for (const { run, history } of dump.runs) {
    const seen = new Set<string>();
    for (const event of history.events) {
      const { approvalRequestId: id, decidedBy, reminder } = event.payload;
      if (event.eventType === "APPROVAL_VOTE_RECORDED") {
        const kept = requests.get(String(id))?.votes.some((vote) => vote.decidedBy === decidedBy);
        if (!kept)
          flag("votes kept", run.id, `${String(decidedBy)}'s vote on ${String(id)} is not on the request`);
      }
      const once =
        event.eventType === "APPROVAL_REMINDER_SENT"
          ? `${String(id)} reminder ${String(reminder)}`
          : event.eventType === "APPROVAL_ESCALATED"
            ? `${String(id)} escalation`
            : undefined;
      if (once === undefined) continue;
      if (seen.has(once)) flag("nudges once", run.id, `${once} recorded twice`);
      seen.add(once);
    }
  }
}

/**
 * External effects: a request is sent only for an attempt whose outcome was not yet committed when the
 * worker decided to send it (its last store answer); so one key is repeated only for an attempt that a
 * crash or a lost lease interrupted, never for one whose outcome the sender could have known.
 */
function effects({ writes, requests }: Evidence, flag: Flag): Observations {
  const outcomes = new Map<string, number>();
  for (const write of writes) {
    for (const stepRun of write.stepRuns) {
      const settled = stepRun.status !== StepRunStatus.Running;
      for (let attempt = 1; attempt <= stepRun.attempt; attempt++) {
        if (attempt === stepRun.attempt && !settled) continue;
        const key = `${stepRun.id}:${attempt}`;
        if (!outcomes.has(key)) outcomes.set(key, write.at);
      }
    }
  }
  const observations: Observations = { repeatedEffects: 0, repeatsAfterOutcome: 0 };
  const seen = new Set<string>();
  for (const request of requests) {
    const outcomeAt = outcomes.get(request.key);
    if (outcomeAt !== undefined && outcomeAt <= request.decidedAt) {
      flag(
        "effects only for unfinished attempts",
        runOf(writes, request.stepRunId),
        `${request.actor} sent ${request.key} ` +
          `at #${request.at}, deciding at #${request.decidedAt}, after its outcome was committed at #${outcomeAt}`,
      );
    }
    if (seen.has(request.key)) {
      observations.repeatedEffects += 1;
      if (outcomeAt !== undefined && outcomeAt < request.at) observations.repeatsAfterOutcome += 1;
    }
    seen.add(request.key);
  }
  return observations;
}

function runOf(writes: readonly Write[], stepRunId: string): string | null {
  return writes.find((write) => write.stepRuns.some((stepRun) => stepRun.id === stepRunId))?.runId ?? null;
}

function closure<S extends string>(table: Readonly<Record<S, readonly S[]>>): Map<S, Set<S>> {
  const reach = new Map<S, Set<S>>();
  for (const from of Object.keys(table) as S[]) {
    const seen = new Set<S>([from]);
    const frontier = [from];
    for (let next = frontier.pop(); next !== undefined; next = frontier.pop()) {
      for (const to of table[next]) {
        if (!seen.has(to)) {
          seen.add(to);
          frontier.push(to);
        }
      }
    }
    reach.set(from, seen);
  }
  return reach;
}

const RUN_REACH = closure(RUN_TRANSITIONS);
const STEP_REACH = closure(STEP_TRANSITIONS);
const reachableRun = (from: RunStatus, to: RunStatus) => RUN_REACH.get(from)?.has(to) ?? false;
const reachableStep = (from: StepRunStatus, to: StepRunStatus) => STEP_REACH.get(from)?.has(to) ?? false;
