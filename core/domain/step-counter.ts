import { LIMITS } from "./limits";

/**
 * The step executions of a run tree, counted in one place (docs/limits.md, "Steps per run"; docs/flow.md,
 * "The 1000-step guard counts every child"). A run that starts child runs opens a counter with its own count
 * in the commit that starts them; from then on every commit of a run of its tree (the run, its children,
 * theirs) that starts steps adds them to that counter, and commits only while the counter stays within the
 * bound. Children running at once therefore share the bound exactly: of two commits that would cross it, one
 * loses, reads the count again, and fails its run with STEP_LIMIT instead of starting the step.
 */
export type StepCountMove =
  /** The counter starts at `count`: the opening run's executions so far, this change's included. */
  | { kind: "open"; counterRunId: string; count: number }
  /** `add` steps started, committed only while the counter holds at most `limit - add`. */
  | { kind: "add"; counterRunId: string; add: number; limit: number };

/**
 * One change's part in its run tree's count: the steps it starts, the tree's count as read before it, and
 * whether it opens the counter. RunTransition holds one and asks it for the commit's move.
 */
export class TreeStepTally {
  private started = 0;
  private read = 0;
  private opens = false;

  /** The tree had counted `steps` when the run was read (RunRecord.stepCounter). */
  countRead(steps: number): void {
    this.read = steps;
  }

  stepStarted(): void {
    this.started += 1;
  }

  /** The change opens the run's counter (the run had none): its own count seeds it. */
  open(): void {
    this.opens = true;
  }

  /**
   * The step executions the run's bound counts so far, this change's included: its tree's, once its steps
   * are counted there, else its own (`ownSteps`).
   */
  counted(counterRunId: string | undefined, ownSteps: number): number {
    if (counterRunId === undefined || this.opens) return ownSteps;
    return this.read + this.started;
  }

  /** What the commit does to the tree's counter, if anything. */
  move(counterRunId: string | undefined, ownSteps: number): StepCountMove | undefined {
    if (counterRunId === undefined) return undefined;
    if (this.opens) return { kind: "open", counterRunId, count: ownSteps };
    if (this.started === 0) return undefined;
    return { kind: "add", counterRunId, add: this.started, limit: LIMITS.stepsPerRun };
  }
}
