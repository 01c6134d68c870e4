import type { ApprovalRequest } from "../../domain/approval";
import type { CostRollup } from "../../domain/cost-ledger";
import type { AttemptCost } from "../../domain/cost-record";
import type { StepRun } from "../../domain/run";
import type { RunCommit } from "../../domain/run-commit";
import type { StoredEvent } from "../../domain/run-history";
import type { RunRecord } from "../../domain/run-record";
import type { WaitingFor } from "../../domain/run-slots";
import type { RunStatus } from "../../domain/statuses";

// Runs: the only way a run changes is `commit`, all or nothing.

/**
 * One change of one run, with what must be written in the same atomic commit: the run's transition (its new
 * record, events and step-run snapshots, written only if the run is still at `expectedVersion`) and approval
 * requests opened or settled by it; and, before it, the cost of the attempt it ends.
 */
export interface RunChange {
  commit: RunCommit;
  /**
   * A request the change opens (an approval step starting to wait). It must be new: one already there makes
   * the change a conflict. A store may write it apart from the run, before it (and withdraw it if the change
   * conflicts): a request left pending by a change that never committed is not a request, and ApprovalStore
   * reads never offer it (domain/approval.ts isOffered).
   */
  openApproval?: ApprovalRequest;
  /**
   * A request the change decides or expires. It must still be undecided and unexpired when the change
   * commits: of two decisions, one commits and the other gets a conflict.
   */
  settleApproval?: ApprovalRequest;
  /**
   * The model calls of the attempt the change ends, stored whatever the attempt came to: recorded before the
   * change and kept whether it then commits or conflicts, since the calls were paid for either way. A record
   * is written once; a later one with its id leaves it as it is.
   */
  cost?: AttemptCost;
  /**
   * The run's unrolled cost sums (RunRecord.costLedger), which the change clears, added to the workspace's
   * day rollups in the same atomic commit, with the run's new run-day markers and, once per run, the
   * all-time run count. A run counted before (by a rollup of its records apart from any commit) is not
   * counted again. When another writer holds one of the shared rollups, nothing is written and the
   * outcome is `rollup-conflict`: the change may commit again without its rollup.
   */
  rollup?: CostRollup;
  /**
   * An idempotency key claimed for this run in the same commit (a debounced creation joining the run): the
   * change conflicts when another run holds it.
   */
  claimIdempotencyKey?: string;
  /**
   * The run is its debounce key's newest window and a creation joined it: the key's entry takes the run's
   * new `creations`, in the same commit, only if it still names the run (else the change conflicts).
   */
  joinDebounceWindow?: { scope: string };
}

/** A debounce key's newest window, as the key's entry holds it. */
export interface DebounceWindowRef {
  runId: string;
  /** Creations collapsed into it so far: every join moves it, so an opener can tell none came meanwhile. */
  creations: number;
}

/**
 * A change whose commit carries a slot move (RunCommit.slot) writes it in the same atomic commit: `acquire`
 * commits only while the slot has fewer than `limit` holders (or the run is one already) and takes the run out
 * of the slot's queue; `release` and `leave-queue` always commit, and doing either twice is harmless. A change
 * with a throttle start commits only if the key's starts are still at the version read. A change whose
 * commit adds steps to its tree's counter (RunCommit.stepCount) commits only while the counter stays within
 * the move's limit. Losing any of them is a `conflict`, like a lost race on the run.
 */
export type CommitOutcome =
  | { kind: "committed" }
  | { kind: "conflict" }
  /** Only a shared rollup of RunChange.rollup was being written by another: nothing was written. */
  | { kind: "rollup-conflict" };

/** A slot as it stands: the runs holding it, and the first runs of its queue, in the order they are to start. */
export interface SlotState {
  holders: string[];
  queue: QueuedRun[];
}

/** A run in a slot's queue, with the priority that placed it there. */
export interface QueuedRun {
  runId: string;
  priority: number;
}

/** The starts a throttle key has recorded (ms, oldest first, at most its limit), and their version. */
export interface ThrottleState {
  starts: number[];
  version: number;
}

/**
 * A new run, numbered by the store among its workspace's and its definition's runs (for paging), with its
 * idempotency key claimed, and the runs it supersedes changed, all in one commit.
 *
 * `supersede` is asked for those changes once the store has numbered the creation. Runs sharing a
 * supersession key commit in the order of their numbers: a creation numbered before a run already created
 * with its key, or racing one that commits first, conflicts (and is numbered anew when tried again), so of
 * two creations racing on one key, the later always sees (and supersedes) the earlier.
 */
export interface RunCreation {
  /** With `slot`, the run joins its slot's queue in the creating commit. */
  run: Omit<RunRecord, "seq" | "defSeq">;
  supersede: () => Promise<RunChange[]>;
  /**
   * A debounced run (`run.debounceWindow`) becomes its key's window: the key's entry moves to it only if it is
   * still `debounceFollows` (the key's previous window as read, no creation joined since; undefined: the key
   * had none), else the creation conflicts. So of two creations opening a window on one key one commits, and
   * no window opens while a join keeps the previous one open.
   */
  debounceFollows?: DebounceWindowRef;
  /**
   * Numbers taken ahead for this run (RunStore.number); absent, the creation takes its own. Either way a
   * creation that does not create the run gives them up.
   */
  numbers?: RunNumbers;
}

/** A run's places in the workspace's and its definition's run lists: dense, 1-based, for paging. */
export interface RunNumbers {
  seq: number;
  defSeq: number;
}

export type CreateOutcome =
  | { kind: "created"; run: RunRecord }
  /** Another creation holds the idempotency key: the run it created. */
  | { kind: "idempotent"; runId: string }
  /** A superseded run moved, or a creation with the same supersession key came first: read again and retry. */
  | { kind: "conflict" };

/**
 * Without `parentRunId`, the runs started through the API; child runs (docs/flow.md) are listed only under
 * their parent, by `parentRunId` alone (the other filters do not combine with it).
 */
export interface RunFilters {
  status?: RunStatus;
  /**
   * Only live runs (PENDING, RUNNING, WAITING, PAUSED: LIVE_RUN_STATUSES), newest first: what the live-run
   * quota counts, in one list where four status lists would each walk the same live runs. Not combined with
   * the other filters.
   */
  live?: true;
  definitionId?: string;
  supersessionKey?: string;
  parentRunId?: string;
  /** Runs created at or after this instant (ISO 8601, UTC, as `createdAt` is written). */
  createdAfter?: string;
  /** Runs created before this instant (exclusive), so consecutive windows never share a run. */
  createdBefore?: string;
  /** PENDING runs held back by their slot, throttle or debounce window (waitingForOf). */
  waitingFor?: WaitingFor | "debounce";
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface RunRef {
  workspaceId: string;
  runId: string;
}

export interface RunStore {
  /** Strongly consistent: the record every decision about the run is made from. */
  get(workspaceId: string, runId: string): Promise<RunRecord | undefined>;
  /** The runs the creation supersedes are counted as they end, as `commit` counts a run. */
  create(creation: RunCreation): Promise<CreateOutcome>;
  /**
   * Takes a run's numbers ahead of its creation, so a caller can take them while it waits for its go-ahead
   * (the API key's lookup: docs/data-model.md, "Authenticate a request"). Numbers no creation is given are
   * given back (`giveUpNumbers`): lists skip them as gaps.
   */
  number(run: RunCreation["run"]): Promise<RunNumbers>;
  giveUpNumbers(run: RunCreation["run"], numbers: RunNumbers): Promise<void>;
  /**
   * Writes the change at the run's expected version. A change that ends a top-level run counts it among the
   * runs of its ended status, and one that revives it takes it out: marked on the change's run, in place
   * (RunRecord.endCounted), so the caller holds the run as written; a change that loses leaves it as given.
   * The store decides where the change's history is kept: with the run (`recent`, set in place to what the
   * run holds as written) or apart from it, read back by `events` and `stepRuns` alike; an announced change
   * (RunCommit.announced) is written to the run-event outbox with it, its entry set in place as
   * RunCommit.outboxSeq. A change whose data no retry can store throws BoundExceeded.
   */
  commit(change: RunChange): Promise<CommitOutcome>;
  runIdForIdempotencyKey(workspaceId: string, idempotencyKey: string): Promise<string | undefined>;
  /** Strongly consistent: the newest debounce window of `scope` (domain/debounce.ts). */
  debounceWindow(workspaceId: string, scope: string): Promise<DebounceWindowRef | undefined>;
  /** Newest first, 1-based pages; `total` counts the whole list. */
  list(workspaceId: string, filters: RunFilters, page: number, pageSize: number): Promise<Page<RunRecord>>;
  /**
   * The live runs that share a supersession key, and the key's newest run whatever its status; newest first.
   * They cost reads of the key's live runs, not of every run it ever had. Strongly consistent while the key
   * has at most a few dozen live runs at once; past that, read from an index that may miss a run created a
   * moment before.
   */
  liveWithSupersessionKey(workspaceId: string, supersessionKey: string): Promise<RunRecord[]>;
  /** Every step run of the run, in the order they were started, each in its latest state. */
  stepRuns(run: RunRecord): Promise<StepRun[]>;
  /** Events `fromSeq`..`toSeq` (inclusive, 1-based), oldest first; the cost follows the page. */
  events(run: RunRecord, fromSeq: number, toSeq: number): Promise<StoredEvent[]>;
  /** Strongly consistent: the slot's holders and the first `first` runs of its queue (priority, then creation). */
  slot(workspaceId: string, slotKey: string, first: number): Promise<SlotState>;
  /** Strongly consistent: a throttle key's starts; version 0 when it has none recorded. */
  throttle(workspaceId: string, throttleKey: string): Promise<ThrottleState>;
  /**
   * Strongly consistent: the step executions the tree counted by run `counterRunId`'s counter holds
   * (RunRecord.stepCounter); 0 when it has none.
   */
  stepsCounted(workspaceId: string, counterRunId: string): Promise<number>;
  /**
   * One pass over the runs whose next due time is at or before `dueBy`, each once, the earliest due first
   * within each part of the store's index. A pass yields a bounded number (docs/data-model.md, the sweeper's
   * access pattern); a run it leaves is found by the next.
   */
  overdue(dueBy: string): AsyncIterable<RunRef>;
}

/** Requests as readers are offered them: a pending one only while its run is paused on it (isOffered). */
export interface ApprovalStore {
  /**
   * The request, if it is offered (a pending one only while its run waits on it: isOffered). Its run is read
   * for that, unless the caller holds it as `run`.
   */
  get(workspaceId: string, approvalId: string, run?: RunRecord): Promise<ApprovalRequest | undefined>;
  /** The request as stored, offered or not: for a caller that reads its run next and checks it then. */
  stored(workspaceId: string, approvalId: string): Promise<ApprovalRequest | undefined>;
  /** Newest first. `pending` true: undecided and unexpired; false: decided; undefined: all. */
  list(workspaceId: string, pending: boolean | undefined): Promise<ApprovalRequest[]>;
  /**
   * Page `page` (1-based) of `list(workspaceId, pending)`, with its exact length as `total`: read at a cost that
   * grows neither with the workspace's history nor with `page`. Requests are in the order they were opened,
   * newest first, as `list` answers them but for requests opened within moments of each other.
   */
  page(
    workspaceId: string,
    pending: false | undefined,
    page: number,
    pageSize: number,
  ): Promise<Page<ApprovalRequest>>;
  /**
   * The requests created in [from, to) (ISO instants), oldest first, with their number as `total`; when more
   * than `max` were, `items` is empty and `total` about how many (a request whose run never waited on it is
   * counted there and listed nowhere). Reads grow with the window, not with the history.
   */
  createdBetween(workspaceId: string, from: string, to: string, max: number): Promise<Page<ApprovalRequest>>;
}
