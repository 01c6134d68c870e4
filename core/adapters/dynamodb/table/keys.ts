/**
 * Every primary and index key of the single table is built here and nowhere else, so the layout documented in
 * docs/data-model.md has exactly one implementation. Workspace-owned items put the workspace id in their
 * partition key: a lookup with another workspace's id cannot reach them, whatever the route does.
 */
export interface ItemKey {
  pk: string;
  sk: string;
}

const workspacePartition = (workspaceId: string) => `WS#${workspaceId}`;
const runPartition = (workspaceId: string, runId: string) => `WS#${workspaceId}#RUN#${runId}`;
const threadPartition = (workspaceId: string, threadId: string) => `WS#${workspaceId}#THREAD#${threadId}`;
const JOURNAL_PREFIX = "JRN#";
const COST_PREFIX = "COST#";
/** A day's cost records (keys.dayCost), and the gsi1 partition listing the older ones by that day. */
const costDayPartition = (workspaceId: string, day: string) =>
  `${workspacePartition(workspaceId)}#COSTDAY#${day}`;
const SLOT_QUEUE_PREFIX = "QUEUED#";

/** Zero-padded, so numbers sort as strings in sort keys. */
export function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

export const keys = {
  workspace: (workspaceId: string): ItemKey => ({ pk: workspacePartition(workspaceId), sk: "WORKSPACE" }),
  workspaceBudget: (workspaceId: string): ItemKey => ({ pk: workspacePartition(workspaceId), sk: "BUDGET" }),
  /** `id` "" gives the prefix of a step's replays. */
  replay: (workspaceId: string, runId: string, stepName: string, id: string): ItemKey => ({
    pk: runPartition(workspaceId, runId),
    sk: `REPLAY#${stepName}#${id}`,
  }),
  llmCache: (workspaceId: string, requestHash: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#LLMCACHE#${requestHash}`,
    sk: "LLMCACHE",
  }),
  budgetMonth: (workspaceId: string, month: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `BUDGET#MONTH#${month}`,
  }),
  workspaceSlug: (slug: string): ItemKey => ({ pk: `SLUG#${slug}`, sk: "SLUG" }),

  apiKey: (workspaceId: string, apiKeyId: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `APIKEY#${apiKeyId}`,
  }),
  apiKeyPrefix: "APIKEY#",
  apiKeyHash: (keyHash: string): ItemKey => ({ pk: `KEYHASH#${keyHash}`, sk: "KEYHASH" }),

  definition: (workspaceId: string, definitionId: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `DEF#${definitionId}`,
  }),
  definitionPrefix: "DEF#",

  account: (accountId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: "ACCOUNT" }),
  accountEmail: (email: string): ItemKey => ({ pk: `EMAIL#${email}`, sk: "EMAIL" }),
  membership: (accountId: string, workspaceId: string): ItemKey => ({
    pk: `ACCOUNT#${accountId}`,
    sk: `MEMBER#${workspaceId}`,
  }),
  membershipPrefix: "MEMBER#",
  session: (tokenHash: string): ItemKey => ({ pk: `SESSION#${tokenHash}`, sk: "SESSION" }),
  invite: (codeHash: string): ItemKey => ({ pk: `INVITE#${codeHash}`, sk: "INVITE" }),

  run: (workspaceId: string, runId: string): ItemKey => ({ pk: runPartition(workspaceId, runId), sk: "RUN" }),
  runPartition,
  /** Journal items sort by the sequence number of their first event, so a range of events is a key range. */
  journal: (workspaceId: string, runId: string, firstEventSeq: number): ItemKey => ({
    pk: runPartition(workspaceId, runId),
    sk: `${JOURNAL_PREFIX}${pad(firstEventSeq, 10)}`,
  }),
  journalPrefix: JOURNAL_PREFIX,
  /** The step counter of the run tree rooted at the run (domain/step-counter.ts). */
  stepCounter: (workspaceId: string, runId: string): ItemKey => ({
    pk: runPartition(workspaceId, runId),
    sk: "STEPS",
  }),
  journalSortKey: (eventSeq: number) => `${JOURNAL_PREFIX}${pad(eventSeq, 10)}`,
  runCounter: (workspaceId: string, scope: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `COUNTER#${scope}`,
  }),
  idempotency: (workspaceId: string, idempotencyKey: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#IDEMPOTENCY#${idempotencyKey}`,
    sk: "IDEMPOTENCY",
  }),
  supersessionHead: (workspaceId: string, supersessionKey: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#SUPKEY#${supersessionKey}`,
    sk: "HEAD",
  }),
  /** `scope` is a definition and a rendered key (domain/debounce.ts). */
  debounceWindow: (workspaceId: string, scope: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#DEBOUNCE#${scope}`,
    sk: "DEBOUNCE",
  }),
  /** A slot's holders; its queue shares the partition (slotQueued). */
  slot: (workspaceId: string, slotKey: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#SLOT#${slotKey}`,
    sk: "SLOT",
  }),
  /** A run in its slot's queue: the sort key orders by priority (9 first), then by the run's ULID (creation). */
  slotQueued: (workspaceId: string, slotKey: string, priority: number, runId: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#SLOT#${slotKey}`,
    sk: `${SLOT_QUEUE_PREFIX}${9 - priority}#${runId}`,
  }),
  slotQueuePrefix: SLOT_QUEUE_PREFIX,
  throttle: (workspaceId: string, throttleKey: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#THROTTLE#${throttleKey}`,
    sk: "THROTTLE",
  }),
  approval: (workspaceId: string, approvalId: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#APPROVAL#${approvalId}`,
    sk: "APPROVAL",
  }),

  rateWindow: (scope: string, windowStartMs: number): ItemKey => ({
    pk: `RATE#${scope}#${windowStartMs}`,
    sk: "RATE",
  }),

  health: (): ItemKey => ({ pk: "HEALTH", sk: "HEALTH" }),
  workspacePartition,

  llmProvider: (workspaceId: string, provider: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `PROVIDER#${provider}`,
  }),
  llmProviderPrefix: "PROVIDER#",
  remoteTool: (workspaceId: string, toolId: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `TOOL#${toolId}`,
  }),
  remoteToolPrefix: "TOOL#",
  /** The name's uniqueness guard; it carries the whole tool, so a step finds a tool by name in one read. */
  remoteToolName: (workspaceId: string, name: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `TOOLNAME#${name}`,
  }),
  mcpServer: (workspaceId: string, serverId: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `MCP#${serverId}`,
  }),
  mcpServerPrefix: "MCP#",
  /** A thread's partition: its head (the count), its messages by place, the step runs that added to it. */
  threadHead: (workspaceId: string, threadId: string): ItemKey => ({
    pk: threadPartition(workspaceId, threadId),
    sk: "HEAD",
  }),
  threadMessage: (workspaceId: string, threadId: string, seq: number): ItemKey => ({
    pk: threadPartition(workspaceId, threadId),
    sk: `MSG#${String(seq).padStart(6, "0")}`,
  }),
  threadMessagePrefix: "MSG#",
  threadSummary: (workspaceId: string, threadId: string, upTo: number): ItemKey => ({
    pk: threadPartition(workspaceId, threadId),
    sk: `SUM#${String(upTo).padStart(6, "0")}`,
  }),
  threadPartition,
  threadAppendedBy: (workspaceId: string, threadId: string, stepRunId: string): ItemKey => ({
    pk: threadPartition(workspaceId, threadId),
    sk: `BY#${stepRunId}`,
  }),
  /** As `remoteToolName`: the name's uniqueness guard, carrying the whole registration. */
  mcpServerName: (workspaceId: string, name: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `MCPNAME#${name}`,
  }),

  trigger: (workspaceId: string, triggerId: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: `TRIGGER#${triggerId}`,
  }),
  triggerPrefix: "TRIGGER#",
  /** `count`: the workspace's triggers, moved in the transaction that adds or deletes one (the quota). */
  triggerCount: (workspaceId: string): ItemKey => ({
    pk: workspacePartition(workspaceId),
    sk: "TRIGGERCOUNT",
  }),
  /** Every cron trigger, in one sparse gsi5 partition: what the local service re-arms at start-up. */
  cronTriggerIndex: (workspaceId: string, triggerId: string) => ({
    gsi5pk: "CRONTRIGGERS",
    gsi5sk: `${workspaceId}#${triggerId}`,
  }),
  cronTriggerIndexPk: "CRONTRIGGERS",
  /** An event id sent to POST /v1/events, kept (TTL) for its deduplication window. */
  sentEvent: (workspaceId: string, eventId: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#SENTEVENT#${eventId}`,
    sk: "SENTEVENT",
  }),

  /** A cost record kept in its run's partition: a replay's, and every attempt's before records were kept by day. */
  attemptCost: (workspaceId: string, runId: string, costId: string): ItemKey => ({
    pk: runPartition(workspaceId, runId),
    sk: `${COST_PREFIX}${costId}`,
  }),
  attemptCostPrefix: COST_PREFIX,
  /**
   * An attempt's cost record under the UTC day its attempt started (AttemptCost.startedAt): the day's records
   * are one partition (a range summary's edge days), a run's are a prefix of it (its cost view).
   */
  dayCost: (workspaceId: string, day: string, runId: string, costId: string): ItemKey => ({
    pk: costDayPartition(workspaceId, day),
    sk: `${runId}#${costId}`,
  }),
  /** Daily and all-time rollups of a workspace's costs, and the run markers that count distinct runs. */
  costRollupPartition: (workspaceId: string) => `${workspacePartition(workspaceId)}#COST`,
  /** Per day, model and definition, its steps as attributes (cost-day-items.ts): what rollups write. */
  costDayDefinitionRollup: (
    workspaceId: string,
    day: string,
    model: string,
    definitionId: string,
  ): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#COST`,
    sk: `DAY#${day}#MODEL#${model}#DEF#${definitionId}`,
  }),
  /**
   * Per day, model, and (on records that name them) definition and step: what rollups wrote before the items
   * per definition, and still write for a step its definition's item has no room for.
   */
  costDayRollup: (
    workspaceId: string,
    day: string,
    model: string,
    definitionId: string | undefined,
    stepName: string | undefined,
  ): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#COST`,
    sk:
      definitionId === undefined
        ? `DAY#${day}#MODEL#${model}`
        : `DAY#${day}#MODEL#${model}#STEP#${definitionId}#${stepName ?? ""}`,
  }),
  // Apart from the `DAY#` rollups, so that folding those (the all-time summary, the daily view) reads no marker.
  costDayRun: (workspaceId: string, day: string, runId: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#COST`,
    sk: `RUNDAY#${day}#${runId}`,
  }),
  costAllRuns: (workspaceId: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#COST`,
    sk: "ALL#RUNS",
  }),
  costRunSeen: (workspaceId: string, runId: string): ItemKey => ({
    pk: `${workspacePartition(workspaceId)}#COST`,
    sk: `SEEN#${runId}`,
  }),
  /** Index keys of a cost record kept in its run's partition: gsi1 lists a day's records. */
  costDayIndex: (workspaceId: string, day: string, createdAt: string, costId: string) => ({
    gsi1pk: costDayPartition(workspaceId, day),
    gsi1sk: `${createdAt}#${costId}`,
  }),
  /** gsi2 (sparse) lists the records rolled up apart from any run commit until they are (cost-rollup-store.ts, rollup-items.ts). */
  costPendingIndex: (workspaceId: string, createdAt: string, costId: string) => ({
    gsi2pk: `${workspacePartition(workspaceId)}#COSTPENDING`,
    gsi2sk: `${createdAt}#${costId}`,
  }),
  costDayPk: costDayPartition,
  costPendingIndexPk: (workspaceId: string) => `${workspacePartition(workspaceId)}#COSTPENDING`,
} as const;
