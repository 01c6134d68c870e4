// One realistic example per main resource, attached to its component schema in /openapi.json: the reference
// page and the sampled request and response examples show these values instead of "string".
// `redocly lint` (test/api/openapi-lint.test.ts) checks each against its schema.

const AT = "2026-11-26T09:30:00.000Z";
const RUN = "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K";
const DEFINITION = "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0";
const WORKSPACE = "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8";
const STEP_RUN = "stp_01JDZ8V7A9B1C3D5E7F9G1H3J5";
const APPROVAL = "apr_01JDZ8W9K1M3N5P7Q9R1S3T5V7";

const steps = [
  {
    type: "task",
    name: "draft",
    handler: "set_state",
    config: { values: { draft: { text: "Hi {{input.name}}" } } },
  },
  { type: "approval", name: "check", contentKey: "draft", prompt: "Send this?" },
];

const run = {
  id: RUN,
  workspaceId: WORKSPACE,
  definitionId: DEFINITION,
  status: "PAUSED",
  input: { name: "Ada" },
  output: null,
  idempotencyKey: "signup-4711",
  supersessionKey: null,
  currentStepName: "check",
  createdAt: AT,
  updatedAt: AT,
};

const stepRun = {
  id: STEP_RUN,
  workflowRunId: RUN,
  stepName: "draft",
  stepType: "task",
  status: "COMPLETED",
  attempt: 1,
  input: { input: { name: "Ada" } },
  output: { draft: { text: "Hi Ada" } },
  error: null,
  startedAt: AT,
  completedAt: AT,
  createdAt: AT,
  updatedAt: AT,
};

export const SCHEMA_EXAMPLES: Readonly<Record<string, unknown>> = {
  CreateWorkflowDefinitionInput: { name: "welcome", version: "1", description: "Draft, then review", steps },
  WorkflowDefinition: {
    id: DEFINITION,
    workspaceId: WORKSPACE,
    name: "welcome",
    version: "1",
    description: "Draft, then review",
    stepsJson: steps,
    createdAt: AT,
    updatedAt: AT,
  },
  CreateRunInput: { definitionId: DEFINITION, input: { name: "Ada" }, idempotencyKey: "signup-4711" },
  WorkflowRun: run,
  WorkflowRunWithSteps: { ...run, steps: [stepRun] },
  StepRun: stepRun,
  WorkflowEvent: {
    id: "evt_01JDZ8X1C3D5E7F9G1H3J5K7M9",
    workflowRunId: RUN,
    stepRunId: STEP_RUN,
    eventType: "STEP_COMPLETED",
    payload: { stepName: "draft" },
    createdAt: AT,
  },
  ApprovalRequest: {
    id: APPROVAL,
    workflowRunId: RUN,
    stepRunId: STEP_RUN,
    stepName: "check",
    contentKey: "draft",
    content: { text: "Hi Ada" },
    prompt: "Send this?",
    decision: null,
    decidedBy: null,
    decidedAt: null,
    decidedAs: null,
    expiredAt: null,
    createdAt: AT,
    comment: null,
    revision: 1,
    previousRequestId: null,
    assignees: [],
    definitionId: DEFINITION,
    votes: [],
    escalatedTo: [],
    deadlineAt: null,
    kind: "step",
    auditChain: 2,
  },
  DecideApprovalInput: {
    decision: "edited",
    editedContent: { text: "Hello Ada, welcome aboard" },
    comment: "Warmer greeting",
  },
  Workspace: { id: WORKSPACE, name: "Acme", slug: "acme", createdAt: AT, updatedAt: AT },
  CreatedApiKey: {
    id: "key_01JDZ8P2Q4R6S8T0V2W4X6Y8Z0",
    name: "Default key",
    key: "svc_2x9Qm1...shown-once",
    prefix: "svc_2x9Qm1Lk",
    createdAt: AT,
  },
};
