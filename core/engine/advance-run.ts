import { randomUUID } from "node:crypto";
import { LIMITS } from "../domain/limits";
import { RunTransition } from "../domain/run-change";
import type { Lease } from "../domain/run-cursor";
import { DEFAULT_LEASE_MS } from "../domain/run-due";
import { type RunDoorbell, runDoorbell } from "../domain/run-messages";
import type { RunRecord } from "../domain/run-record";
import { StepRunStatus } from "../domain/statuses";
import type { StepDefinition } from "../domain/step";
import type { StepRunner } from "../domain/step-context";
import { stepsInScope } from "../domain/step-lists";
import type { StepOutcome } from "../domain/step-outcome";
import { type Admission, admission, recordWait, ringRuns } from "./admission";
import { abandonedChild, readLiveChildren, tellParent } from "./child-runs";
import { rollUpRunCosts } from "./commit-costs";
import { cancelChildrenOf } from "./commit-run";
import { commitTransition, type TransitionDeps } from "./commit-transition";
import type { DefinitionSteps } from "./definition-cache";
import { executeStep } from "./execute-step";
import { countFailedAdvance } from "./failed-advance";
import { applyOutcome } from "./rules/apply-outcome";
import { type ClaimContext, claim, startNextIfDue } from "./rules/claim";
import { foldChildren } from "./rules/fold-children";
import { combineEffects, type OutcomeEffects } from "./rules/outcome-effects";
import { type ClaimPlan, type Plan, planNext, type WorkerIdentity } from "./rules/plan";
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

/** Each kind of plan's handler: the run to go on with (as read or committed), or undefined when done with it. */
type PlanHandlers = {
  [K in Plan["kind"]]: (plan: Extract<Plan, { kind: K }>, run: RunRecord) => Promise<RunRecord | undefined>;
};

/** What a plan's transition came to: effects to commit it with, or the run already settled without it. */
type Decided = { effects: OutcomeEffects } | { settled: RunRecord | undefined };

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
    // An agent's units share an attempt: the unit is told apart by its committed turns and transcript, and by
    // its thread window, which the unit summarizing the thread before the first turn commits alone.
    let held: { unit: string; outcome: StepOutcome } | undefined;
    const applyAttempt = async (tx: RunTransition, steps: readonly StepDefinition[]) => {
      const active = tx.run.active;
      const agent = active?.agent;
      const unit = active
        ? `${active.stepRun.id}:${active.stepRun.attempt}:${agent?.turns ?? 0}:${agent?.transcript ?? ""}:${agent?.thread ? "window" : ""}`
        : undefined;
      const again = held !== undefined && unit === held.unit;
      const outcome = again && held ? held.outcome : await execute(tx.run, steps);
      held = unit === undefined ? undefined : { unit, outcome };
      const effects = applyOutcome(tx, steps, outcome, deps.ids);
      // The lost commit added the attempt's calls to the run in a commit of their own (commitRun): the run's
      // spend still counts them, but neither the record nor the run's cost sums take them a second time.
      if (again) delete effects.cost;
      return effects;
    };

    // The run, read or committed, has nothing to do yet: it is left with its wake-up armed.
    const notYetDue = async (current: RunRecord): Promise<undefined> => {
      if (options.rearmWakeUps) await rearmWake(deps, current);
      return undefined;
    };

    // The steps the run's tree has counted (RunRecord.stepCounter), as this worker last knew: read once, then
    // kept from its own commits; a stale count only makes a commit lose, and a lost commit reads it again.
    let treeSteps: number | undefined;

    /**
     * The path of every plan that changes the run with a step of its version: the steps, the invocation's
     * budget, a transition that `decide` fills (or settles the run itself), the steps without side effects
     * that follow, and one commit.
     */
    const transition = async (
      plan: Plan,
      run: RunRecord,
      decide: (tx: RunTransition, context: ClaimContext) => Promise<Decided>,
    ): Promise<RunRecord | undefined> => {
      // Landing an upgrade, the run goes on with the steps of the version it moves to.
      const definitionId = plan.kind === "land-upgrade" ? plan.definitionId : run.definitionId;
      const all = await definitionSteps(workspaceId, definitionId);
      const steps = all && stepsInScope(all, run.scope);
      if (!steps) {
        log.error({ definitionId }, "run's definition is missing");
        return undefined;
      }
      if (plan.kind !== "execute" && !budgetLeft()) {
        await deps.queue.send(runDoorbell(workspaceId, runId, run.priority));
        return undefined;
      }
      const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
      if (run.stepCounter !== undefined) {
        treeSteps ??= await deps.store.runs.stepsCounted(workspaceId, run.stepCounter);
        tx.countTreeSteps(treeSteps);
      }
      const context = { steps, lease, ids: deps.ids };
      const decided = await decide(tx, context);
      if ("settled" in decided) return decided.settled;
      const effects = combineEffects(decided.effects, await runWithoutSideEffects(tx, context));
      const after = await commitTransition(deps, tx, effects, run);
      treeSteps = after === tx.run ? tx.stepsCounted() : undefined;
      return after;
    };
    const claimed = (plan: ClaimPlan, run: RunRecord) =>
      transition(plan, run, async (tx, context) => ({ effects: claim(plan, tx, context) }));

    // One handler per kind of plan, which the compiler holds complete: a new kind does not build until handled.
    const handlers: PlanHandlers = {
      nothing: (_, run) => notYetDue(run),
      "roll-up-costs": async (_, run) => {
        await rollUpRunCosts(deps, run);
        return undefined;
      },
      "cancel-children": async (_, run) =>
        (await cancelChildrenOf(deps, run)) ? deps.store.runs.get(workspaceId, runId) : undefined,
      "tell-parent": async (_, run) => {
        const told = await tellParent(deps, run);
        return told && commitTransition(deps, told, {}, run);
      },
      "start-run": async (plan, run) => {
        const abandoned = await abandonedChild(deps, run);
        if (abandoned) return commitTransition(deps, abandoned, {}, run);
        return transition(plan, run, async (tx, context) => {
          if (run.slot || run.throttle) {
            const admitted = await admission(deps, run, tx.nowMs);
            if (admitted.kind === "wait") return { settled: await waitForTurn(run, tx, admitted) };
            if (admitted.throttleStart) tx.recordThrottleStart(admitted.throttleStart);
          }
          return { effects: claim(plan, tx, context) };
        });
      },
      execute: async (plan, run) => {
        let handOff = false;
        const after = await transition(plan, run, async (tx, context) => {
          // The step was committed as started under this worker's lease; its outcome is the next commit.
          const effects = await supersedeAtStepEnd(deps, tx, await applyAttempt(tx, context.steps));
          if (held?.outcome.kind === "progress" && tx.run.active?.stepRun.status === StepRunStatus.Running) {
            // An agent's unit: the next one goes on under a fresh lease taken in the same commit, or, with the
            // invocation's budget spent, from a doorbell that any worker takes the step over from (a lost one
            // is the sweeper's: a running step without a lease is due at once).
            handOff = !budgetLeft();
            tx.requireActive().lease = handOff ? null : lease();
          } else if (budgetLeft()) startNextIfDue(tx, context);
          return { effects };
        });
        if (!handOff || after?.active?.lease !== null) return after;
        await deps.queue.send(runDoorbell(workspaceId, runId, run.priority));
        return undefined;
      },
      "children-check": (plan, run) =>
        transition(plan, run, async (tx, context) => {
          const children = await readLiveChildren(deps.store, run);
          const folded = foldChildren(tx, context.steps, children, deps.ids);
          if (!folded) return { settled: await notYetDue(run) };
          startNextIfDue(tx, context);
          return { effects: folded };
        }),
      "take-over": claimed,
      "start-next": claimed,
      "retry-step": claimed,
      "timer-elapsed": claimed,
      "deadline-passed": claimed,
      "nudge-due": claimed,
      "land-upgrade": claimed,
    };

    /** A run whose turn has not come: it rings those whose turn it is, and records its wait if that is news. */
    const waitForTurn = async (
      run: RunRecord,
      tx: RunTransition,
      admitted: Extract<Admission, { kind: "wait" }>,
    ): Promise<RunRecord | undefined> => {
      await ringRuns(deps, workspaceId, admitted.ahead);
      if (!recordWait(tx, admitted.waiting)) return notYetDue(run);
      const after = await commitTransition(deps, tx, {}, run);
      // Committed, the run waits for a ring; a lost race is decided again from the run as it is.
      return after === tx.run ? undefined : after;
    };

    let run = await deps.store.runs.get(workspaceId, runId);
    try {
      while (run) {
        const plan = planNext(run, deps.clock.nowMs(), worker);
        // The map pairs each kind with its own handler; TypeScript cannot follow that pairing through an
        // index, so the handler is taken as one that accepts any plan.
        const handle = handlers[plan.kind] as (plan: Plan, run: RunRecord) => Promise<RunRecord | undefined>;
        run = await handle(plan, run);
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
        effects = combineEffects(effects, applyOutcome(tx, steps, await execute(tx.run, steps), deps.ids));
        if (budgetLeft()) startNextIfDue(tx, context);
      }
      return effects;
    }
  };
}
