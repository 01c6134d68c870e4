import { NO_SPEND } from "../../domain/budget";
import {
  CHILDREN_POLL_MS,
  type ChildStep,
  childResult,
  childRunId,
  indicesFrom,
  isChildStep,
  liveIndices,
  recordChildrenStarted,
} from "../../domain/child-runs";
import { roundUsd } from "../../domain/cost-record";
import type { IdGenerator } from "../../domain/ids";
import { jsonBytes } from "../../domain/json-bounds";
import { BoundCode, LIMITS } from "../../domain/limits";
import type { RunTransition } from "../../domain/run-change";
import type { ChildResult, ChildrenWait } from "../../domain/run-cursor";
import type { RunRecord } from "../../domain/run-record";
import type { StepDefinition } from "../../domain/step";
import { applyOutcome, failAttempt } from "./apply-outcome";
import type { OutcomeEffects } from "./outcome-effects";
import { stepLimitMessage } from "./run-moves";

/**
 * Folds the outcomes of the children that ended into the waiting step (docs/flow.md, "Child runs"): the
 * store's records are the truth, the doorbell that brought us here only a hint. Then the step completes
 * (all joined, the first of `any`, every item), fails (a failed sub-workflow or branch, more failed items
 * than `failureTolerance`, the run's step limit) and cancels the children still live, or starts the next
 * items and waits on. Children found missing (a crash after the commit that started them) are created
 * again. Undefined when there is nothing to commit.
 */
export function foldChildren(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  children: ReadonlyMap<number, RunRecord | undefined>,
  ids: IdGenerator,
): OutcomeEffects | undefined {
  const active = tx.requireActive();
  const wait = active.wait;
  const step = steps[active.stepIndex];
  if (wait?.kind !== "children" || !isChildStep(step)) return undefined;
  const results: (ChildResult | null)[] = indicesFrom(0, wait.started).map((i) => wait.results[i] ?? null);
  const launch: number[] = [];
  const took: RunRecord[] = [];
  for (const [i, child] of [...children].sort(([a], [b]) => a - b)) {
    if (!child) {
      launch.push(i);
      continue;
    }
    const result = childResult(child, tx.run.state);
    if (!result) continue;
    took.push(child);
    results[i] = result;
    addChildCounts(tx, child);
    tx.record(
      "CHILD_RUN_ENDED",
      {
        stepName: step.name,
        childRunId: child.id,
        index: i,
        status: result.status,
        ...(result.error === undefined ? {} : { error: result.error }),
      },
      active.stepRun.id,
    );
  }
  const pollDue = wait.pollAtMs !== null && wait.pollAtMs <= tx.nowMs;
  if (took.length === 0 && launch.length === 0 && !pollDue) return undefined;

  const next: ChildrenWait = { ...wait, results, launch, pollAtMs: null };
  active.wait = next;
  // Told after the commit, the children leave the sweep index, which otherwise rings each once more.
  const tell = took.length > 0 ? { tellChildren: took } : {};
  const decided = decide(tx, steps, step, next, ids);
  if (decided) return { ...decided, ...tell };
  if (next.launch.length === 0) return tell;
  next.pollAtMs = tx.nowMs + CHILDREN_POLL_MS;
  return { launchChildren: step, ...tell };
}

/** A child's steps count against its parent's step limit, and its model calls against the parent's budget. */
function addChildCounts(tx: RunTransition, child: RunRecord): void {
  tx.run.stepsExecuted += child.stepsExecuted;
  if (!child.llmSpend) return;
  const spend = tx.run.llmSpend ?? NO_SPEND;
  tx.run.llmSpend = {
    costUsd: roundUsd(spend.costUsd + child.llmSpend.costUsd),
    tokens: spend.tokens + child.llmSpend.tokens,
  };
}

/** The step's outcome once the results say it, with the children to cancel; undefined: it waits on. */
function decide(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  step: ChildStep,
  wait: ChildrenWait,
  ids: IdGenerator,
): OutcomeEffects | undefined {
  const { results } = wait;
  const failures = results.flatMap((result, i) => (result?.status === "FAILED" ? [{ i, result }] : []));
  const done = results.filter((result) => result !== null).length;
  const completeWith = (output: Record<string, unknown>, stateValue?: unknown) => {
    tx.stopWaitingForChildren(liveIds(tx, wait));
    const completed = {
      kind: "completed",
      output,
      ...(stateValue === undefined ? {} : { stateValue }),
    } as const;
    return applyOutcome(tx, steps, completed, ids);
  };
  const failWith = (error: string, retryable: boolean, code?: string) => {
    tx.stopWaitingForChildren(liveIds(tx, wait));
    failAttempt(tx, step, error, retryable, tx.requireActive().stepRun.input, code);
    return {};
  };

  // A child refused a step for the bound: the tree's counter is full, and stays so (step-counter.ts).
  const outOfSteps = results.some((result) => result?.code === BoundCode.STEP_LIMIT);
  if (outOfSteps || (tx.stepsCounted() >= LIMITS.stepsPerRun && done < wait.total)) {
    return failWith(stepLimitMessage(tx.run), false, BoundCode.STEP_LIMIT);
  }
  const resultBytes = jsonBytes(results);
  if (resultBytes > LIMITS.stateBytes) {
    return failWith(
      `The step's child runs' outputs take ${resultBytes} bytes; the state holds at most ${LIMITS.stateBytes}`,
      false,
      BoundCode.STATE_TOO_LARGE,
    );
  }

  switch (step.type) {
    case "sub_workflow": {
      const result = results[0];
      if (!result) return undefined;
      if (result.status === "FAILED") return failWith(`The child run failed: ${result.error ?? ""}`, true);
      const output = result.output;
      return completeWith(isObject(output) ? output : {});
    }
    case "parallel": {
      const failure = failures[0];
      if (failure) {
        const name = step.branches[failure.i]?.name ?? String(failure.i);
        return failWith(`Branch "${name}" failed: ${failure.result.error ?? ""}`, true);
      }
      const completed = results.flatMap((result, i) =>
        result?.status === "COMPLETED" ? [[step.branches[i]?.name ?? String(i), result.output] as const] : [],
      );
      if (step.join === "any" && completed[0]) return completeWith(Object.fromEntries([completed[0]]));
      return done === wait.total ? completeWith(Object.fromEntries(completed)) : undefined;
    }
    case "map": {
      if (failures.length > step.failureTolerance) {
        const first = failures[0];
        return failWith(
          `${failures.length} items failed, more than the ${step.failureTolerance} tolerated; item ${first?.i}: ${first?.result.error ?? ""}`,
          true,
        );
      }
      if (done === wait.total) {
        const items = results.map((result) =>
          result?.status === "COMPLETED" ? (result.output ?? null) : null,
        );
        return completeWith({ items }, items);
      }
      const more = Math.min(step.maxConcurrency - (wait.started - done), wait.total - wait.started);
      if (more > 0) {
        const started = indicesFrom(wait.started, more);
        wait.started += more;
        wait.results.push(...started.map(() => null));
        wait.launch.push(...started);
        recordChildrenStarted(tx, step, started);
      }
      return undefined;
    }
  }
}

function liveIds(tx: RunTransition, wait: ChildrenWait): string[] {
  const { id, attempt } = tx.requireActive().stepRun;
  return liveIndices(wait).map((i) => childRunId(id, attempt, i));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
