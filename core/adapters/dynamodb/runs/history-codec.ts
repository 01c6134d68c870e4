import type { StepRun } from "../../../domain/run";
import type { ActiveStep } from "../../../domain/run-cursor";
import type { RunHistory, StoredEvent } from "../../../domain/run-history";

/**
 * Events and step runs as run and journal items store them: without what the item's key already says (the
 * run's id) and without fields that are null. DynamoDB bills a write by the started kilobyte of the whole
 * item and the run item is rewritten at every commit, so these bytes are paid again and again. Unpacking
 * restores every field, in the order the domain builds them.
 */
type Packed = Record<string, unknown>;

const stepRunDefaults = (runId: string): StepRun => ({
  id: "",
  workflowRunId: runId,
  stepName: "",
  stepType: "",
  status: "RUNNING",
  attempt: 1,
  input: null,
  output: null,
  error: null,
  startedAt: null,
  completedAt: null,
  createdAt: "",
  updatedAt: "",
});

const eventDefaults = (runId: string): StoredEvent => ({
  id: "",
  seq: 0,
  workflowRunId: runId,
  stepRunId: null,
  eventType: "WORKFLOW_STARTED",
  payload: {},
  createdAt: "",
});

/** Drops the fields whose value is their default: the run's id, and nulls. */
function pack(value: object, defaults: object): Packed {
  const packed: Packed = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    const fallback = (defaults as Packed)[field];
    const droppable = field === "workflowRunId" || fallback === null;
    if (!(droppable && fieldValue === fallback)) packed[field] = fieldValue;
  }
  return packed;
}

const unpack = <T extends object>(packed: Packed, defaults: T): T => Object.assign(defaults, packed);

export const packStepRun = (stepRun: StepRun): Packed =>
  pack(stepRun, stepRunDefaults(stepRun.workflowRunId));
export const unpackStepRun = (packed: Packed, runId: string): StepRun =>
  unpack(packed, stepRunDefaults(runId));

export function packHistory(history: RunHistory): Packed {
  return {
    events: history.events.map((event) => pack(event, eventDefaults(event.workflowRunId))),
    stepRuns: history.stepRuns.map(packStepRun),
  };
}

export function unpackHistory(packed: { events?: Packed[]; stepRuns?: Packed[] }, runId: string): RunHistory {
  return {
    events: (packed.events ?? []).map((event) => unpack(event, eventDefaults(runId))),
    stepRuns: (packed.stepRuns ?? []).map((stepRun) => unpackStepRun(stepRun, runId)),
  };
}

export const packActive = (active: ActiveStep): Packed => ({
  ...active,
  stepRun: packStepRun(active.stepRun),
});

export const unpackActive = (packed: Packed, runId: string): ActiveStep =>
  ({ ...packed, stepRun: unpackStepRun(packed.stepRun as Packed, runId) }) as ActiveStep;
