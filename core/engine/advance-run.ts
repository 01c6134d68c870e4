import { randomUUID } from "node:crypto";
import { BoundCode, BoundExceeded, LIMITS } from "../domain/limits";
import { RunTransition } from "../domain/run-change";
import { type RunDoorbell, runDoorbell } from "../domain/run-messages";
import type { Lease, RunRecord } from "../domain/run-record";
import { RunStatus, StepRunStatus } from "../domain/statuses";
import type { StepDefinition } from "../domain/step";
import type { StepRunner } from "../domain/step-context";
import { StepError } from "../domain/step-error";
import type { StepOutcome } from "../domain/step-outcome";
import type { Deps } from "../ports/deps";
import type { RunChange } from "../ports/store";
import {
  applyOutcome,
  failForGood,
  failRun,
  leaseFor,
  markStarted,
  type OutcomeEffects,
  startNextStep,
} from "./apply-outcome";
import { type CommitDeps, commitRun } from "./commit-run";
import type { DefinitionSteps } from "./definition-cache";
import { type Plan, planNext, type WorkerIdentity } from "./plan";

/**
 * Spec 3.3 as a loop over one run: read the run, decide what it needs, commit that as one conditional
 * write, execute the step it leads to, commit the outcome, and go on with the next step in the same
 * invocation until the run waits, ends, or the invocation's budget is spent (then it rings again).
 * Any commit that loses to another writer re-reads the run and decides afresh.
 *
 * A step with side effects (a request, a custom handler) is committed as started before it runs, and its
 * outcome in a commit of its own, so a crash never repeats a step that completed. Steps without side
 * effects (noop, set_state, condition, and the start of a wait) run straight on in the same transition as
 * what came before them: repeating them after a crash is invisible, and a chain of them costs one write.
 */
export interface AdvancerOptions {
  deps: CommitDeps & Pick<Deps, "ids">;
  steps: StepRunner;
  definitionSteps: DefinitionSteps;
  processId: string;
  /** See WorkerIdentity: set only where one process serves the table (the local service). */
  takeOverLeasesGrantedBeforeMs?: number;
  /** How long a worker owns a started step; a worker that dies frees it when this runs out. */
  leaseMs?: number;
  /**
   * How many steps, and for how long, one invocation goes on with a run before handing it back to the
   * queue: one run cannot hog a worker, and a Lambda is not cut off by its timeout mid-run.
   */
  stepsPerInvocation?: number;
  invocationBudgetMs?: number;
}

export const DEFAULT_LEASE_MS = 10 * 60 * 1000;
const DEFAULT_STEPS_PER_INVOCATION = 50;
const DEFAULT_INVOCATION_BUDGET_MS = 60_000;

export type AdvanceRun = (doorbell: RunDoorbell) => Promise<void>;

export function createRunAdvancer(options: AdvancerOptions): AdvanceRun {
  const { deps, steps: runner, definitionSteps } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const stepBudget = options.stepsPerInvocation ?? DEFAULT_STEPS_PER_INVOCATION;
  const timeBudgetMs = options.invocationBudgetMs ?? DEFAULT_INVOCATION_BUDGET_MS;

  return async function advanceRun({ workspaceId, runId }) {
    const worker: WorkerIdentity = {
      owner: `${options.processId}:${randomUUID()}`,
      takeOverLeasesGrantedBeforeMs: options.takeOverLeasesGrantedBeforeMs,
    };
    const log = deps.log.child({ runId, workspaceId });
    const invokedAtMs = deps.clock.nowMs();
    let executed = 0;
    const budgetLeft = () => executed < stepBudget && deps.clock.nowMs() - invokedAtMs < timeBudgetMs;
    const lease = (): Lease => leaseFor(worker.owner, deps.clock.nowMs(), leaseMs);

    let run = await deps.store.runs.get(workspaceId, runId);
    try {
      while (run) {
        const steps = await definitionSteps(workspaceId, run.definitionId);
        if (!steps) {
          log.error({ definitionId: run.definitionId }, "run's definition is missing");
          return;
        }
        const plan = planNext(run, deps.clock.nowMs(), worker);
        if (plan.kind === "nothing") return;
        if (plan.kind !== "execute" && !budgetLeft()) {
          await deps.queue.send(runDoorbell(workspaceId, runId));
          return;
        }

        const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
        let effects: OutcomeEffects = {};
        if (plan.kind === "execute") {
          // The step was committed as started under this worker's lease; its outcome is the next commit.
          effects = applyOutcome(tx, steps, await execute(run, steps), deps.ids);
          executed += 1;
          if (budgetLeft()) startNext(tx, steps);
        } else {
          effects = claim(plan, tx, steps);
        }
        effects = { ...effects, ...(await runWithoutSideEffects(tx, steps)) };
        run = await commit(tx, effects, run);
      }
    } catch (error) {
      // `run` is the last version this invocation read or committed: the failure is counted against it.
      if (run) await countFailedAdvance(deps, run, error);
      throw error;
    }

    /** The transition a plan other than "execute" calls for; it leaves a step RUNNING under our lease, if any. */
    function claim(
      plan: Exclude<Plan, { kind: "execute" | "nothing" }>,
      tx: RunTransition,
      steps: readonly StepDefinition[],
    ) {
      switch (plan.kind) {
        case "start-run":
          markStarted(tx);
          tx.run.nextStepName = steps[0]?.name ?? null;
          startNextStep(tx, steps, lease());
          return {};
        case "start-next":
          startNextStep(tx, steps, lease());
          return {};
        case "take-over":
          tx.requireActive().lease = lease();
          return {};
        case "retry-step":
          tx.restartActiveStep(lease());
          return {};
        case "timer-elapsed": {
          const effects = applyOutcome(tx, steps, { kind: "completed", output: {} }, deps.ids);
          startNext(tx, steps);
          return effects;
        }
        case "deadline-passed":
          return timeOut(tx, steps, deps);
      }
    }

    /**
     * Runs, inside the transition, each step that is RUNNING under our lease and has no side effects,
     * until one has side effects (it then waits for this commit), the run stops, or the budget is spent.
     */
    async function runWithoutSideEffects(
      tx: RunTransition,
      steps: readonly StepDefinition[],
    ): Promise<OutcomeEffects> {
      let effects: OutcomeEffects = {};
      // Bounded in steps and in journal bytes: the commit's journal item must stay far under 400 KB.
      for (
        let batched = 0;
        batched < LIMITS.stepsPerCommit && tx.journalBytes() < LIMITS.journalBatchBytes;
        batched++
      ) {
        const active = tx.run.active;
        const step = active ? steps[active.stepIndex] : undefined;
        if (
          !active ||
          !step ||
          active.stepRun.status !== StepRunStatus.Running ||
          runner.hasSideEffects(step)
        ) {
          return effects;
        }
        effects = { ...effects, ...applyOutcome(tx, steps, await execute(tx.run, steps), deps.ids) };
        executed += 1;
        if (budgetLeft()) startNext(tx, steps);
      }
      return effects;
    }

    function startNext(tx: RunTransition, steps: readonly StepDefinition[]): void {
      if (tx.run.status === RunStatus.Running && !tx.run.active && tx.run.nextStepName !== null) {
        startNextStep(tx, steps, lease());
      }
    }

    async function execute(current: RunRecord, steps: readonly StepDefinition[]): Promise<StepOutcome> {
      const active = current.active;
      const step = active ? steps[active.stepIndex] : undefined;
      if (!active || !step)
        return { kind: "failed", error: "The run's cursor names no step", retryable: false };
      try {
        return await runner.execute({
          step,
          run: current,
          stepRun: active.stepRun,
          nowMs: deps.clock.nowMs(),
        });
      } catch (error) {
        // A step failure with a code (a bound the run's data crossed is never retryable) keeps its code.
        if (error instanceof StepError)
          return { kind: "failed", error: error.message, retryable: error.retryable, code: error.code };
        log.warn({ err: error, stepName: step.name }, "step threw");
        return {
          kind: "failed",
          error: error instanceof Error ? error.message : String(error),
          retryable: true,
        };
      }
    }

    /**
     * Commits; on a lost race returns the run as it now is, so the loop decides again. A change the store
     * refuses for its size is replaced by one that fails the run from where it stood, without the oversized
     * data, since committing it again could only fail again.
     */
    async function commit(
      tx: RunTransition,
      effects: OutcomeEffects,
      before: RunRecord,
    ): Promise<RunRecord | undefined> {
      try {
        return await commitAsIs(tx, effects, before);
      } catch (error) {
        if (!(error instanceof BoundExceeded)) throw error;
        log.warn(
          { code: error.code, reason: error.message },
          "the run's change is out of bounds; failing it",
        );
        const failure = new RunTransition(before, deps.clock.nowMs(), deps.ids);
        failForGood(failure, error.message, error.code);
        return commitAsIs(failure, effects.cost ? { cost: effects.cost } : {}, before);
      }
    }

    async function commitAsIs(
      tx: RunTransition,
      effects: OutcomeEffects,
      before: RunRecord,
    ): Promise<RunRecord | undefined> {
      const change: RunChange = { commit: tx.finish() };
      if (effects.createApproval) change.openApproval = effects.createApproval;
      if (effects.expireApprovalId) {
        const approval = await deps.store.approvals.get(before.workspaceId, effects.expireApprovalId);
        if (approval) change.settleApproval = { ...approval, expiredAt: tx.now };
      }
      if (effects.cost) change.cost = effects.cost;
      const outcome = await commitRun(deps, change);
      if (outcome.kind === "committed") return change.commit.run;
      log.debug({ version: before.version }, "lost a race on the run; re-reading");
      return deps.store.runs.get(before.workspaceId, before.id);
    }
  };
}

/**
 * Counts a delivery that failed before it could commit, in the run itself; at the bound the run fails with
 * the reason, so one run whose data trips something unforeseen cannot come back through the queue forever.
 * A store too unwell to take this small write is not the run's fault, and the run is then left as it was.
 */
async function countFailedAdvance(
  deps: AdvancerOptions["deps"],
  run: RunRecord,
  error: unknown,
): Promise<void> {
  const failures = (run.failedAdvances ?? 0) + 1;
  const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
  tx.run.failedAdvances = failures;
  if (failures >= LIMITS.failedAdvances) {
    const reason = error instanceof Error ? error.message : String(error);
    failForGood(
      tx,
      `Advancing the run failed ${failures} times before it could be saved: ${reason}`,
      BoundCode.ADVANCE_FAILED,
    );
  }
  try {
    await commitRun(deps, { commit: tx.finish() });
  } catch (countError) {
    deps.log.warn({ err: countError, runId: run.id }, "could not count a failed advance");
  }
}

function timeOut(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  deps: AdvancerOptions["deps"],
): OutcomeEffects {
  const wait = tx.requireActive().wait;
  if (wait?.kind === "approval") {
    const failed = applyOutcome(
      tx,
      steps,
      { kind: "failed", error: "approval timed out", retryable: true },
      deps.ids,
    );
    return { ...failed, expireApprovalId: wait.approvalRequestId };
  }
  if (wait?.kind === "signal") {
    return applyOutcome(
      tx,
      steps,
      { kind: "failed", error: "external event timed out", retryable: true },
      deps.ids,
    );
  }
  failRun(tx, "The run's wait has no deadline", null);
  return {};
}
