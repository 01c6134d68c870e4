/** The run API's response bodies (the `data` of the envelope), as the tests read them. */

export interface RunBody {
  id: string;
  workspaceId: string;
  definitionId: string;
  status: string;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  idempotencyKey: string | null;
  supersessionKey: string | null;
  currentStepName: string | null;
  createdAt: string;
  updatedAt: string;
  /** Child runs only (docs/flow.md). */
  parentRunId?: string;
  /** A debounced run, until it starts (docs/triggers.md). */
  waitingFor?: string;
  debounce?: { key: string; periodMs: number; startsAt: string; creations: number };
  /** Superseded `after_current_step` while on a step. */
  pendingSupersession?: { supersededBy: string };
}

export interface StepRunBody {
  id: string;
  workflowRunId: string;
  stepName: string;
  stepType: string;
  status: string;
  attempt: number;
  input: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  error: string | null;
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** A rerun's copy of a step run of the run it reruns. */
  copiedFrom?: string;
}

/** GET /v1/workflow-runs/:id: the run with every step run. */
export interface RunWithSteps extends RunBody {
  steps: StepRunBody[];
}

export interface EventBody {
  id: string;
  workflowRunId: string;
  stepRunId: string | null;
  eventType: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

export interface ApprovalBody {
  id: string;
  workflowRunId: string;
  stepRunId: string;
  stepName: string;
  contentKey: string;
  content: Record<string, unknown>;
  prompt: string | null;
  decision: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export interface PageBody<T> {
  data: T[];
  meta: PageMeta;
}
