/**
 * The run and step-run state machines of the specification (section 3, decisions section 4), as data. Every
 * status change in the engine and the API goes through assertRunTransition / assertStepTransition, so a
 * transition the tables do not list cannot be written.
 */
import { ConflictError } from "./errors";

export const RunStatus = {
  Pending: "PENDING",
  Running: "RUNNING",
  Waiting: "WAITING",
  Paused: "PAUSED",
  Completed: "COMPLETED",
  Failed: "FAILED",
  Cancelled: "CANCELLED",
  Superseded: "SUPERSEDED",
} as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];
export const RUN_STATUSES = Object.values(RunStatus);

export const StepRunStatus = {
  Pending: "PENDING",
  Running: "RUNNING",
  Waiting: "WAITING",
  Completed: "COMPLETED",
  Failed: "FAILED",
  Skipped: "SKIPPED",
  Cancelled: "CANCELLED",
} as const;
export type StepRunStatus = (typeof StepRunStatus)[keyof typeof StepRunStatus];

const { Pending, Running, Waiting, Paused, Completed, Failed, Cancelled, Superseded } = RunStatus;

/** Spec 3.1, plus SUPERSEDED from any live status (decisions 4). FAILED → RUNNING is the retry endpoint. */
export const RUN_TRANSITIONS: Readonly<Record<RunStatus, readonly RunStatus[]>> = {
  PENDING: [Running, Cancelled, Superseded],
  RUNNING: [Waiting, Paused, Completed, Failed, Cancelled, Superseded],
  WAITING: [Running, Cancelled, Failed, Superseded],
  PAUSED: [Running, Cancelled, Superseded],
  FAILED: [Running],
  COMPLETED: [],
  CANCELLED: [],
  SUPERSEDED: [],
};

/** Spec 3.2. */
export const STEP_TRANSITIONS: Readonly<Record<StepRunStatus, readonly StepRunStatus[]>> = {
  PENDING: ["RUNNING", "SKIPPED", "CANCELLED"],
  RUNNING: ["WAITING", "COMPLETED", "FAILED", "CANCELLED"],
  WAITING: ["RUNNING", "COMPLETED", "FAILED", "CANCELLED"],
  FAILED: ["RUNNING"],
  COMPLETED: [],
  SKIPPED: [],
  CANCELLED: [],
};

/** Runs the engine never advances again; FAILED is not here because the retry endpoint revives it. */
export const FINAL_RUN_STATUSES: readonly RunStatus[] = [Completed, Cancelled, Superseded];
/** Runs that hold live work: what supersession and cancellation act on. */
export const LIVE_RUN_STATUSES: readonly RunStatus[] = [Pending, Running, Waiting, Paused];

/** A status a run ends in (COMPLETED, FAILED, CANCELLED, SUPERSEDED) rather than one it lives in. */
export function isEndedStatus(status: string): boolean {
  return !(LIVE_RUN_STATUSES as readonly string[]).includes(status);
}

export function canTransitionRun(from: RunStatus, to: RunStatus): boolean {
  return RUN_TRANSITIONS[from].includes(to);
}

export function canTransitionStep(from: StepRunStatus, to: StepRunStatus): boolean {
  return STEP_TRANSITIONS[from].includes(to);
}

/** @throws ConflictError (409 at the API) for a transition the table does not allow. */
export function assertRunTransition(from: RunStatus, to: RunStatus): void {
  if (!canTransitionRun(from, to)) throw new ConflictError(`A ${from} run cannot become ${to}`);
}

/** @throws ConflictError for a transition the table does not allow. */
export function assertStepTransition(from: StepRunStatus, to: StepRunStatus): void {
  if (!canTransitionStep(from, to)) throw new ConflictError(`A ${from} step run cannot become ${to}`);
}
