import { randomUUID } from "node:crypto";
import { LIMITS } from "../domain/limits";
import { RunTransition } from "../domain/run-change";
import { DEFAULT_LEASE_MS } from "../domain/run-due";
import { type RunDoorbell, runDoorbell } from "../domain/run-messages";
import type { Lease, RunRecord } from "../domain/run-record";
import { StepRunStatus } from "../domain/statuses";
import type { StepDefinition } from "../domain/step";
import type { StepRunner } from "../domain/step-context";
import { stepsInScope } from "../domain/step-lists";
import type { StepOutcome } from "../domain/step-outcome";
import { admission, recordWait, ringRuns } from "./admission";
import { abandonedChild, cancelChildrenOf, readLiveChildren, tellParent } from "./child-runs";
import { rollUpRunCosts } from "./commit-costs";
import { commitTransition, type TransitionDeps } from "./commit-transition";
import type { DefinitionSteps } from "./definition-cache";
import { executeStep } from "./execute-step";
import { countFailedAdvance } from "./failed-advance";
import { applyOutcome, type OutcomeEffects } from "./rules/apply-outcome";
import { type ClaimContext, claim, startNextIfDue } from "./rules/claim";
import { foldChildren } from "./rules/fold-children";
import { planNext, type WorkerIdentity } from "./rules/plan";
import { leaseFor } from "./rules/run-moves";
import { supersedeAtStepEnd } from "./supersede-at-step-end";
import { rearmWake } from "./wake";

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
  deps: TransitionDeps;
  steps: StepRunner;
  definitionSteps: DefinitionSteps;
  processId: string;
  /** See WorkerIdentity: set only where one process serves the table (the local service). */
  takeOverLeasesGrantedBeforeMs?: number;
  /**
   * Where wake-ups live in the process's memory (the local service): a doorbell that finds the run not yet
   * due arms its wake-up again (rearmWake), since the one its commit armed may have died with a process.
   */
  rearmWakeUps?: boolean;
  /** How long a worker owns a started step; a worker that dies frees it when this runs out. */
  leaseMs?: number;
  /**
   * How many steps, and for how long, one invocation goes on with a run before handing it back to the
   * queue: one run cannot hog a worker, and a Lambda is not cut off by its timeout mid-run.
   */
  stepsPerInvocation?: number;
  invocationBudgetMs?: number;
}

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
    const execute = (run: RunRecord, steps: readonly StepDefinition[]) => {
      executed += 1;
      return executeStep(runner, run, steps, deps.clock.nowMs(), log);
    };
    // The outcome of the attempt this worker executed, until a commit of it lands. An API operation that
    // commits meanwhile (a signal kept for later, an upgrade) makes the outcome's commit lose without
    // touching the attempt: it is applied again to the run as re-read, not executed again.
    let held: { stepRunId: string; attempt: number; outcome: StepOutcome } | undefined;
    const applyAttempt = async (tx: RunTransition, steps: readonly StepDefinition[]) => {
      const stepRun = tx.run.active?.stepRun;
      const again = held && stepRun?.id === held.stepRunId && stepRun.attempt === held.attempt;
      const outcome = again && held ? held.outcome : await execute(tx.run, steps);
      held = stepRun && { stepRunId: stepRun.id, attempt: stepRun.attempt, outcome };
      const effects = applyOutcome(tx, steps, outcome, deps.ids);
      // The lost commit added the attempt's calls to the run in a commit of their own (commitRun): the run's
      // spend still counts them, but neither the record nor the run's cost sums take them a second time.
      if (again) delete effects.cost;
      return effects;
    };

    // The run, read or committed, has nothing to do yet: it is left with its wake-up armed.
    const notYetDue = (current: RunRecord) => (options.rearmWakeUps ? rearmWake(deps, current) : undefined);

    let run = await deps.store.runs.get(workspaceId, runId);
    // The steps the run's tree has counted (RunRecord.stepCounter), as this worker last knew: read once, then
    // kept from its own commits; a stale count only makes a commit lose, and a lost commit reads it again.
    let treeSteps: number | undefined;
    try {
      while (run) {
        const plan = planNext(run, deps.clock.nowMs(), worker);
        if (plan.kind === "nothing") return await notYetDue(run);
        if (plan.kind === "roll-up-costs") return await rollUpRunCosts(deps, run);
        if (plan.kind === "start-run" && run.parent) {
          const abandoned = await abandonedChild(deps, run);
          if (abandoned) {
            run = await commitTransition(deps, abandoned, {}, run);
            continue;
          }
        }
        if (plan.kind === "cancel-children") {
          if (!(await cancelChildrenOf(deps, run))) return;
          run = await deps.store.runs.get(workspaceId, runId);
          continue;
        }
        if (plan.kind === "tell-parent") {
          const told = await tellParent(deps, run);
          if (!told) return;
          run = await commitTransition(deps, told, {}, run);
          continue;
        }
        // Landing an upgrade, the run goes on with the steps of the version it moves to.
        const definitionId = plan.kind === "land-upgrade" ? plan.definitionId : run.definitionId;
        const all = await definitionSteps(workspaceId, definitionId);
        const steps = all && stepsInScope(all, run.scope);
        if (!steps) {
          log.error({ definitionId }, "run's definition is missing");
          return;
        }
        if (plan.kind !== "execute" && !budgetLeft()) {
          await deps.queue.send(runDoorbell(workspaceId, runId, run.priority));
          return;
        }

        const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
        if (run.stepCounter !== undefined) {
          treeSteps ??= await deps.store.runs.stepsCounted(workspaceId, run.stepCounter);
          tx.countTreeSteps(treeSteps);
        }
        const context = { steps, lease, ids: deps.ids };
        if (plan.kind === "start-run" && (run.slot || run.throttle)) {
          const admitted = await admission(deps, run, tx.nowMs);
          if (admitted.kind === "wait") {
            await ringRuns(deps, workspaceId, admitted.ahead);
            if (!recordWait(tx, admitted.waiting)) return await notYetDue(run);
            const after = await commitTransition(deps, tx, {}, run);
            // Committed, the run waits for a ring; a lost race is decided again from the run as it is.
            if (after === tx.run) return;
            run = after;
            continue;
          }
          if (admitted.throttleStart) tx.recordThrottleStart(admitted.throttleStart);
        }
        let effects: OutcomeEffects;
        if (plan.kind === "children-check") {
          const children = await readLiveChildren(deps.store, run);
          const folded = foldChildren(tx, steps, children, deps.ids);
          if (!folded) return await notYetDue(run);
          effects = folded;
          startNextIfDue(tx, context);
        } else if (plan.kind === "execute") {
          // The step was committed as started under this worker's lease; its outcome is the next commit.
          effects = await supersedeAtStepEnd(deps, tx, await applyAttempt(tx, steps));
          if (budgetLeft()) startNextIfDue(tx, context);
        } else {
          effects = claim(plan, tx, context);
        }
        effects = { ...effects, ...(await runWithoutSideEffects(tx, context)) };
        const after = await commitTransition(deps, tx, effects, run);
        treeSteps = after === tx.run ? tx.stepsCounted() : undefined;
        run = after;
      }
    } catch (error) {
      // `run` is the last version this invocation read or committed: the failure is counted against it.
      if (run) await countFailedAdvance(deps, run, error);
      throw error;
    }

    /**
     * Runs, inside the transition, each step that is RUNNING under our lease and has no side effects,
     * until one has side effects (it then waits for this commit), the run stops, or the budget is spent.
     * Bounded in steps and in journal bytes: the commit's journal item must stay far under 400 KB.
     */
    async function runWithoutSideEffects(tx: RunTransition, context: ClaimContext): Promise<OutcomeEffects> {
      const { steps } = context;
      let effects: OutcomeEffects = {};
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
        if (budgetLeft()) startNextIfDue(tx, context);
      }
      return effects;
    }
  };
}
