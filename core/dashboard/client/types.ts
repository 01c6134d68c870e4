/**
 * The API's shapes as the dashboard reads them: the typed client's types, generated from /openapi.json
 * (sdk/src/schema.ts), under the names the pages use.
 */
import type { components } from "../../../sdk/src/schema";

type Schemas = components["schemas"];

export type Json = Record<string, unknown>;
export type Workspace = Schemas["Workspace"];
export type User = Schemas["User"];
export type PageMeta = Schemas["PageMeta"];
export type Run = Schemas["WorkflowRun"];
export type RunStatus = Run["status"];
export type StepRun = Schemas["StepRun"];
export type RunWithSteps = Schemas["WorkflowRunWithSteps"];
export type RunEvent = Schemas["WorkflowEvent"];
export type Definition = Schemas["WorkflowDefinition"];
export type Approval = Schemas["ApprovalRequest"];
/** GET /approval-requests/:id: the request, and the diff from the previous draft when it is a revision. */
export type ApprovalDetail = Schemas["ApprovalWithDiff"];
export type RunCost = Schemas["RunCost"];
export type CostSummary = Schemas["CostSummary"];
export type CostBreakdownRow = CostSummary["byDefinition"][number];
export type DailyCost = Schemas["DailyCost"];
export type ModelDayCost = DailyCost["days"][number]["byModel"][number];
export type ApiKey = Schemas["ApiKeySummary"];
export type Provider = Schemas["ProviderSummary"];
export type RemoteTool = Schemas["RemoteToolSummary"];
export type Webhook = Schemas["Webhook"];
export type Trigger = Schemas["Trigger"];
export type Delivery = Schemas["WebhookDelivery"];
export type AgentTranscript = Schemas["AgentTranscript"];

export { RUN_STATUSES } from "../../../sdk/src/statuses";
export const LIVE_STATUSES: readonly string[] = ["PENDING", "RUNNING", "WAITING", "PAUSED"];

export { WEBHOOK_EVENTS } from "../../domain/webhook-events";
