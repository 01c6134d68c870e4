import { randomUUID } from "node:crypto";
import type { StepDefinition } from "../domain/step";
import type { Deps } from "../ports/deps";
import type { ExecuteStep } from "../steps/registry";
import { WriteConflict } from "../store/write-conflict";
import { applyOutcome, failRun, leaseFor, type OutcomeEffects, startNextStep } from "./apply-outcome";
import type { DefinitionSteps } from "./definition-cache";
import { type RunDoorbell, runDoorbell } from "./messages";
import { planNext, type WorkerIdentity } from "./plan";
import type { RunRecord } from "./run-record";
import { RunStatus } from "./statuses";
import type { StepOutcome } from "./step-outcome";
import { RunTransition } from "./transition";
import { scheduleWake } from "./wake";

/**
 * Spec 3.3 as a loop over one run: read the run, decide what it needs, commit that as one conditional
 * write, execute the step it leads to, commit the outcome, and go on with the next step in the same
 * invocation until the run waits, ends, or the invocation's budget is spent (then it rings again).
 * Any commit that loses to another writer re-reads the run and decides afresh.
 */
export interface AdvancerOptions {
  deps: Pick<Deps, "store" | "clock" | "ids" | "log" | "queue" | "scheduler">;
  executeStep: ExecuteStep;
  definitionSteps: DefinitionSteps;
  processId: string;
  takeOverOtherProcesses?: boolean;
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
  const { deps, executeStep, definitionSteps } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const stepBudget = options.stepsPerInvocation ?? DEFAULT_STEPS_PER_INVOCATION;
  const timeBudgetMs = options.invocationBudgetMs ?? DEFAULT_INVOCATION_BUDGET_MS;

  return async function advanceRun({ workspaceId, runId }) {
    const worker: WorkerIdentity = {
      owner: `${options.processId}:${randomUUID()}`,
      processId: options.processId,
      takeOverOtherProcesses: options.takeOverOtherProcesses ?? false,
    };
    const log = deps.log.child({ runId, workspaceId });
    let run = await deps.store.runs.get(workspaceId, runId);
    let executed = 0;
    const invokedAtMs = deps.clock.nowMs();
    const budgetLeft = () => executed < stepBudget && deps.clock.nowMs() - invokedAtMs < timeBudgetMs;
    while (run) {
      const steps = await definitionSteps(workspaceId, run.definitionId);
      if (!steps) {
        log.error({ definitionId: run.definitionId }, "run's definition is missing");
        return;
      }
      const nowMs = deps.clock.nowMs();
      const plan = planNext(run, nowMs, worker);
      if (plan.kind === "nothing") return;
      if (plan.kind !== "execute" && !budgetLeft()) {
        await deps.queue.send(runDoorbell(workspaceId, runId));
        return;
      }

      const tx = new RunTransition(run, nowMs, deps.ids);
      const lease = leaseFor(worker.owner, nowMs, leaseMs);
      let effects: OutcomeEffects = {};
      switch (plan.kind) {
        case "start-run":
          tx.setRunStatus(RunStatus.Running);
          tx.run.startedAtMs = nowMs;
          tx.record("WORKFLOW_STARTED", { definitionId: run.definitionId, input: run.input });
          tx.run.nextStepName = steps[0]?.name ?? null;
          startNextStep(tx, steps, lease);
          break;
        case "start-next":
          startNextStep(tx, steps, lease);
          break;
        case "take-over":
          tx.requireActive().lease = lease;
          break;
        case "retry-step":
          tx.restartActiveStep(lease);
          break;
        case "timer-elapsed":
          effects = applyOutcome(tx, steps, { kind: "completed", output: {} }, deps.ids);
          continueInline(tx, steps, lease);
          break;
        case "deadline-passed":
          effects = timeOut(tx, steps, deps);
          break;
        case "execute": {
          const outcome = await execute(run, steps, nowMs);
          const doneTx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
          effects = applyOutcome(doneTx, steps, outcome, deps.ids);
          if (executed + 1 < stepBudget)
            continueInline(doneTx, steps, leaseFor(worker.owner, doneTx.nowMs, leaseMs));
          executed += 1;
          run = await commit(doneTx, effects, run);
          continue;
        }
      }
      run = await commit(tx, effects, run);
    }

    async function execute(
      current: RunRecord,
      steps: readonly StepDefinition[],
      nowMs: number,
    ): Promise<StepOutcome> {
      const active = current.active;
      const step = active ? steps[active.stepIndex] : undefined;
      if (!active || !step)
        return { kind: "failed", error: "The run's cursor names no step", retryable: false };
      try {
        return await executeStep({ step, run: current, stepRun: active.stepRun, nowMs });
      } catch (error) {
        log.warn({ err: error, stepName: step.name }, "step threw");
        return {
          kind: "failed",
          error: error instanceof Error ? error.message : String(error),
          retryable: true,
        };
      }
    }

    /** Commits; on a lost race returns the run as it now is, so the loop decides again. */
    async function commit(
      tx: RunTransition,
      effects: OutcomeEffects,
      before: RunRecord,
    ): Promise<RunRecord | undefined> {
      const change = tx.finish();
      const extra = [];
      if (effects.createApproval)
        extra.push(deps.store.approvals.createAction(before.workspaceId, effects.createApproval));
      if (effects.expireApprovalId) {
        const approval = await deps.store.approvals.get(before.workspaceId, effects.expireApprovalId);
        if (approval)
          extra.push(
            deps.store.approvals.settleAction(before.workspaceId, { ...approval, expiredAt: tx.now }),
          );
      }
      try {
        await deps.store.runs.commit([change], extra);
      } catch (error) {
        if (!(error instanceof WriteConflict)) throw error;
        log.debug({ version: before.version }, "lost a race on the run; re-reading");
        return deps.store.runs.get(before.workspaceId, before.id);
      }
      await scheduleWake(deps, change.run);
      return change.run;
    }
  };
}

/** After a step completes, the next one starts in the same commit: one write per step, no queue hop. */
function continueInline(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  lease: ReturnType<typeof leaseFor>,
): void {
  if (tx.run.status === RunStatus.Running && !tx.run.active && tx.run.nextStepName !== null) {
    startNextStep(tx, steps, lease);
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
