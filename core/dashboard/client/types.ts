/** The API's shapes as the dashboard reads them (the server's zod schemas stay on the server). */
export type Json = Record<string, unknown>;

export interface Workspace {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
}

export interface User {
  id: string;
  email: string;
}

export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export const RUN_STATUSES = [
  "PENDING",
  "RUNNING",
  "WAITING",
  "PAUSED",
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "SUPERSEDED",
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const LIVE_STATUSES: readonly string[] = ["PENDING", "RUNNING", "WAITING", "PAUSED"];

export interface Run {
  id: string;
  definitionId: string;
  status: RunStatus;
  input: Json;
  output: Json | null;
  supersessionKey: string | null;
  currentStepName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StepRun {
  id: string;
  stepName: string;
  stepType: string;
  status: string;
  attempt: number;
  output: Json | null;
  error: string | null;
  startedAt: string | null;
  completedAt: string | null;
}

export interface RunWithSteps extends Run {
  steps: StepRun[];
}

export interface RunEvent {
  id: string;
  stepRunId: string | null;
  eventType: string;
  payload: Json;
  createdAt: string;
}

export interface Definition {
  id: string;
  name: string;
  version: string;
}

export interface Approval {
  id: string;
  workflowRunId: string;
  stepName: string;
  contentKey: string;
  content: Json;
  prompt: string | null;
  decision: "approved" | "rejected" | "edited" | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  /** Who may decide (e-mail addresses, `group:<name>`), and who since the step's escalation; empty: anyone. */
  assignees: string[];
  escalatedTo: string[];
  votes: { decidedBy: string; decision: "approved" | "rejected"; comment: string | null; at: string }[];
  revision: number;
  definitionId: string | null;
  /** When the step's timeout ends the wait; null without one. */
  deadlineAt: string | null;
  expiredAt: string | null;
  comment: string | null;
  kind: "step" | "budget";
}

/** GET /approval-requests/:id: the request, and the diff from the previous draft when it is a revision. */
export interface ApprovalDetail extends Approval {
  diff: string | null;
}

export interface RunCost {
  totalCostUsd: number;
  totalInputTokens: number;
  totalOutputTokens: number;
  calls: { stepName: string; model: string; inputTokens: number; outputTokens: number; costUsd: number }[];
}

export interface ModelDayCost {
  model: string;
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
  calls: number;
}

export interface CostBreakdownRow {
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
  calls: number;
  definitionId: string | null;
  stepName?: string;
  wastedCostUsd: number;
}

export interface CostSummary {
  totalCostUsd: number;
  wastedCostUsd: number;
  byDefinition: CostBreakdownRow[];
  byStep: (CostBreakdownRow & { stepName: string })[];
}

export interface DailyCost {
  from: string;
  to: string;
  days: { date: string; totalCostUsd: number; byModel: ModelDayCost[] }[];
}

export interface ApiKey {
  id: string;
  name: string;
  keyPrefix: string;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface Provider {
  id: string;
  provider: "openai" | "anthropic" | "google";
  priority: number;
  isEnabled: boolean;
  updatedAt: string;
}

export interface RemoteTool {
  id: string;
  name: string;
  url: string;
  timeoutMs: number;
  createdAt: string;
}

export { WEBHOOK_EVENTS } from "../../domain/webhook-events";

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  isActive: boolean;
  createdAt: string;
}

export interface Delivery {
  id: string;
  event: string;
  workflowRunId: string;
  status: "pending" | "delivered" | "failed" | "cancelled";
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
}
