import { StepError, StepFailureCode } from "./step-error";

/**
 * Every bound Weft puts on what one input can make it do, in one table: docs/limits.md lists the same rows
 * (a test holds the two together). Bounds crossed by an API request are refused before anything is
 * written; bounds crossed while a run executes fail the step with the code named here, never retried,
 * because the same data would cross them again.
 *
 * The byte bounds are chosen so that a run (input + state + the active step's input and output) and a
 * stretch of its history always fit in what the store writes at once with room to spare; the store's own
 * bounds, which it meets with the same BoundExceeded failures, are its adapter's (docs/limits.md).
 */
const KiB = 1024;

export const LIMITS = {
  /** A request body, before it is parsed. */
  requestBodyBytes: 1024 * KiB,
  /** Nesting of any JSON the service accepts (bodies, step outputs); checked before anything recurses. */
  jsonDepth: 64,
  /** Resource ids in paths: longer or other characters cannot exist, so they are simply not found. */
  idChars: 100,
  /** A definition's steps, as JSON. */
  definitionStepsBytes: 350_000,
  definitionSteps: 500,
  runInputBytes: 64 * KiB,
  signalPayloadBytes: 64 * KiB,
  approvalEditBytes: 64 * KiB,
  /** A reviewer's comment on a decision. */
  approvalCommentChars: 2000,
  /** Times an approval step may send its content back for revision (`onReject.maxRevisions`). */
  approvalRevisions: 20,
  /** Assignees named on one approval step, and members of one approval group. */
  approvalAssignees: 50,
  approvalGroupMembers: 100,
  /** Reminders one approval step may send. */
  approvalReminders: 10,
  /** The workflow state: it travels in the run record and, at the end, in WORKFLOW_COMPLETED. */
  stateBytes: 128 * KiB,
  /** What one step's templates render to (task config, http request, llm prompt), counted as they render. */
  renderedTemplateBytes: 64 * KiB,
  /** A step's output as kept on its step run. */
  stepOutputBytes: 128 * KiB,
  /** A tool call's arguments (from the model) and result (from the tool), as JSON. */
  toolArgumentsBytes: 64 * KiB,
  toolResultBytes: 64 * KiB,
  /** Tool calls one model answer may ask for: each is an outbound request, an event and a result kept. */
  toolCallsPerAnswer: 32,
  /** Tools one step may take from one MCP server's list (and names one registration may allow). */
  mcpToolsPerServer: 128,
  /** A caller's regular expression (guardrails, JSON Schema patterns): see core/domain/linear-regex.ts. */
  regexPatternChars: 1000,
  regexUnrolledSize: 1000,
  /** Guardrails on one llm step, and words in one blocklist guardrail. */
  guardrails: 20,
  blocklistWords: 500,
  blocklistWordChars: 200,
  /** Times an llm step's invalid JSON or schema-breaking answer goes back to its model (each a paid call). */
  llmRepairAttempts: 3,
  /** Model turns one agent step may take (`maxTurns`, docs/agents.md). */
  agentTurns: 10_000,
  /** How long an llm step's cached answer may be kept (`cache.ttlMs`). */
  llmCacheTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** Signal types one external_event step may wait for (`signalTypes`). */
  signalTypesPerStep: 10,
  /** Signals a run keeps until a step takes them (sent before it reached the step), and their JSON bytes. */
  bufferedSignals: 20,
  bufferedSignalBytes: 64 * KiB,
  /** Signal ids a run remembers, so a repeated `id` is applied once. */
  signalIdsKept: 100,
  /** What a rerun copies from the run it reruns (the step runs before `fromStep`), as JSON. */
  rerunCopiedBytes: 128 * KiB,
  /**
   * Runs one run list reads in full to filter them, where no index answers its filters together (a
   * supersession key with a status or a definition, a definition with a live status, `waitingFor`).
   */
  filteredRunsRead: 5000,
  /** Runs of a supersession key walked to find its live runs when its head does not keep them. */
  keyRunsWalked: 5000,
  /** Runs one POST .../migrate-runs request examines (a page of the definition's runs). */
  migrateRunsPerRequest: 25,
  /** Branches of one parallel step. */
  parallelBranches: 20,
  /** Items one map step maps over, and how many of them may run at once. */
  mapItems: 1000,
  mapConcurrency: 100,
  /** Levels of parallel and map steps inside each other in one definition. */
  stepNesting: 4,
  /** Levels of child runs (sub-workflows, branches, items) under a run. */
  childRunDepth: 8,
  /** Step executions per run, condition loops and its child runs' steps included. */
  stepsPerRun: 1000,
  /** Side-effect-free steps that may share one commit, and the journal bytes after which it closes early. */
  stepsPerCommit: 25,
  journalBatchBytes: 64 * KiB,
  /**
   * One blob of the blob store (core/ports/blob-store.ts), a payload kept apart from the table: as large as
   * a conversation the development model accepts (devModelRequestBytes), and read into memory whole.
   */
  blobBytes: 8 * 1024 * KiB,
  /**
   * An agent step's conversation after its prompt, all its chunks together (docs/agents.md): what each model
   * turn reads whole and sends, as large as a conversation the development model accepts.
   */
  agentTranscriptBytes: 8 * 1024 * KiB,
  /** An error text kept on a step run or event (they come from handlers, providers and remote servers). */
  errorChars: 2000,
  /**
   * How long one connection to a run's live stream lasts before the service closes it and the client
   * reconnects from its last event: within the API function's 30 s timeout on Lambda.
   */
  streamConnectionMs: 25_000,
  /** A request to the development model (DEV_MODELS, local only): a conversation with its tool rounds. */
  devModelRequestBytes: 8 * 1024 * KiB,
  /** Deliveries of a run that failed before they could commit anything, after which the run fails. */
  failedAdvances: 5,
  /** A cron trigger's expression. */
  cronChars: 100,
  /** An event's name, and its JSON payload (kept below runInputBytes: the event is the run's input). */
  eventNameChars: 100,
  eventPayloadBytes: 60 * KiB,
  /** An event's `id`, deduplicated for 24 h. */
  eventIdChars: 255,
  /** An event trigger's filter: paths, one path's characters, values of one `in`, one string value. */
  eventFilterPaths: 20,
  eventFilterPathChars: 200,
  eventFilterInValues: 50,
  eventFilterValueChars: 1000,
  /** A debounce key: its template (definition or creation), and what it renders to. */
  debounceKeyChars: 255,
  /** How long a debounce window waits for a quiet period (`debounce.periodMs`), from and to. */
  debouncePeriodMinMs: 1000,
  debouncePeriodMaxMs: 24 * 60 * 60 * 1000,
  /** A concurrency limit: runs of one key started and unfinished at once. */
  concurrencyLimit: 1000,
  /** A concurrency or throttle key, as given or as its template renders. */
  concurrencyKeyChars: 255,
  /** Starts a throttle allows per period (its record keeps one number per start counted). */
  throttleLimit: 1000,
  /** A throttle's period, shortest and longest. */
  throttlePeriodMinMs: 1000,
  throttlePeriodMaxMs: 24 * 60 * 60 * 1000,
} as const;

/** The codes a step or run failure carries when a bound of this table was crossed. */
export const BoundCode = {
  TEMPLATE_TOO_LARGE: StepFailureCode.TEMPLATE_TOO_LARGE,
  OUTPUT_TOO_LARGE: StepFailureCode.OUTPUT_TOO_LARGE,
  OUTPUT_TOO_DEEP: StepFailureCode.OUTPUT_TOO_DEEP,
  STATE_TOO_LARGE: StepFailureCode.STATE_TOO_LARGE,
  ITEM_TOO_LARGE: StepFailureCode.ITEM_TOO_LARGE,
  STEP_LIMIT: StepFailureCode.STEP_LIMIT,
  ADVANCE_FAILED: StepFailureCode.ADVANCE_FAILED,
  TOO_MANY_ITEMS: StepFailureCode.TOO_MANY_ITEMS,
  NESTING_TOO_DEEP: StepFailureCode.NESTING_TOO_DEEP,
} as const;
export type BoundCode = (typeof BoundCode)[keyof typeof BoundCode];

/** A bound crossed while a run executes: the step fails for good with `code`. */
export class BoundExceeded extends StepError {
  declare readonly code: BoundCode;

  constructor(code: BoundCode, message: string) {
    super(code, message, { retryable: false });
  }
}
