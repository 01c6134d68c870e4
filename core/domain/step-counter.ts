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
