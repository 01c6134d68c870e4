/**
 * The API's callers, racing the engine through the real run operations: creations (some sharing an
 * idempotency key and sent twice, some superseding the runs of their key), signals, approval decisions,
 * retries and cancellations. Like a client reacting to what it sees, a request mostly targets a run it
 * fits, and sometimes any run, which the operation must then refuse.
 */
import { decideApproval } from "../../core/approvals/decide/decide-approval";
import type { Identity } from "../../core/domain/identity";
import type { RunRecord } from "../../core/domain/run-record";
import { FINAL_RUN_STATUSES, LIVE_RUN_STATUSES, RunStatus, StepRunStatus } from "../../core/domain/statuses";
import type { StoredWorkflowDefinition } from "../../core/domain/workflow-definition-record";
import { cancelRun } from "../../core/runs/cancel-run";
import { createRun } from "../../core/runs/create-run";
import { rerunRun } from "../../core/runs/rerun-run";
import { resumeRun } from "../../core/runs/resume-run";
import { retryRun } from "../../core/runs/retry-run";
import { sendSignal } from "../../core/runs/send-signal";
import { upgradeRun } from "../../core/runs/upgrade-run";
import type { Creation } from "./invariants";
import type { ActorPorts, World } from "./ports";
import type { Random } from "./random";
import { ESCALATION, OTHER_SIGNAL, priority, REQUEST_WEIGHTS, runInput, SIGNAL, VOTERS } from "./workload";

export const WORKSPACE = "wsp_sim";
/** Of creations, those debounced, and their quiet periods: within a schedule's time, and across its drain. */
const DEBOUNCED_SHARE = 0.3;
const DEBOUNCE_PERIODS_MS = [1000, 5000, 60_000];
/** The simulated workspace has no approval groups: its approval steps name people, never a group. */
const NO_APPROVAL_GROUPS = { get: async () => undefined };
/** Supersession keys every creation of which is `queue_latest` (on a definition with concurrency: refused). */
const LATEST_KEYS = ["q1"];

/** Starts an API actor running `op`. */
export type SpawnRequest = (
  role: string,
  subject: string,
  op: (ports: ActorPorts) => Promise<unknown>,
) => Promise<void>;

export class Clients {
  /** What API answers said: the run a creation made or, for a repeated idempotency key, found. */
  readonly creations: Creation[] = [];
  private tags = 0;

  constructor(
    private readonly world: World,
    private readonly random: Random,
    private readonly spawn: SpawnRequest,
  ) {}

  /**
   * A creation, now and then aimed at the key of `executing`, a run executing a step, to supersede it. Every
   * creation on `q1` is `queue_latest` (the key's exact guarantee); on `k1` and `k2` it mixes with the other modes.
   */
  async create(definition: StoredWorkflowDefinition, executing?: RunRecord, key?: string): Promise<void> {
    const supersessionKey =
      key ??
      executing?.supersessionKey ??
      (this.random.chance(0.4) ? this.random.pick(["k1", "k2", ...LATEST_KEYS]) : undefined);
    const idempotencyKey = this.random.chance(0.3) ? `idem-${this.random.int(3)}` : undefined;
    const supersedeMode = LATEST_KEYS.includes(supersessionKey ?? "")
      ? "queue_latest"
      : executing || (supersessionKey !== undefined && this.random.chance(0.5))
        ? this.random.pick([
            "cancel_running",
            "after_current_step",
            "after_current_step",
            "queue_latest",
          ] as const)
        : undefined;
    // Some creations are debounced on a small set of keys, in bursts that collapse; each input is unique, so
    // which creation's input a run started with can be told.
    const group = this.random.chance(DEBOUNCED_SHARE) ? this.random.pick(["g1", "g2"]) : undefined;
    const debounce = group && { key: "{{input.group}}", periodMs: this.random.pick(DEBOUNCE_PERIODS_MS) };
    const burst = group ? 1 + this.random.int(3) : 1;
    for (let i = 0; i < burst; i++) {
      const tag = `c${++this.tags}`;
      const input = {
        definitionId: definition.id,
        input: { ...runInput(this.random), tag, ...(group && { group }) },
        idempotencyKey,
        supersessionKey,
        supersedeExisting: supersessionKey !== undefined,
        ...(supersedeMode && { supersedeMode }),
        ...(debounce && { debounce }),
        ...priority(this.random),
      };
      // A client that did not hear back sends the same creation again, racing the first.
      const copies = idempotencyKey !== undefined && this.random.chance(0.5) ? 2 : 1;
      for (let copy = 0; copy < copies; copy++) {
        await this.spawn(executing ? "supersede executing" : "create", definition.id, async (ports) => {
          const { run } = await createRun(ports, WORKSPACE, input);
          const debounced = group && { key: group, definitionId: definition.id, tag };
          this.creations.push({ runId: run.id, idempotencyKey, ...(debounced && { debounced }) });
        });
      }
    }
  }

  /**
   * A creation racing a run of its key that is executing a step (RUNNING, its step RUNNING), mostly to
   * supersede it `after_current_step`; any creation when no such run is live.
   */
  private async supersede(definitions: readonly StoredWorkflowDefinition[]): Promise<void> {
    // A worker parked before a step's request is executing that step, and stays so while the creation runs.
    const sending = new Set(
      this.world.inter.parkedAt("http.request").map((actor) => actor.name.split(" ").at(-1)),
    );
    const executing = (await this.keyed()).filter(
      (run) =>
        run.status === RunStatus.Running &&
        run.active?.stepRun.status === StepRunStatus.Running &&
        (sending.has(run.id) || this.random.chance(0.2)),
    );
    const target = executing.length > 0 ? this.random.pick(executing) : undefined;
    return this.create(this.random.pick(definitions), target);
  }

  /**
   * A few `queue_latest` creations on one key in a row, racing each other and the key's running run: the
   * newest waits behind it and supersedes the one queued before. Mostly of definitions without a concurrency
   * limit (with one, the creation is refused).
   */
  private async queueLatest(definitions: readonly StoredWorkflowDefinition[]): Promise<void> {
    const free = definitions.filter((definition) => !definition.concurrency);
    const pool = free.length > 0 && this.random.chance(0.9) ? free : definitions;
    const key = this.random.pick(LATEST_KEYS);
    for (let i = this.random.between(2, 3); i > 0; i--)
      await this.create(this.random.pick(pool), undefined, key);
  }

  /** Live runs with a supersession key: a creation's supersession may find them anywhere in their course. */
  private async keyed(): Promise<RunRecord[]> {
    return (await this.allRuns()).filter(
      (run) => run.supersessionKey !== null && LIVE_RUN_STATUSES.includes(run.status),
    );
  }

  async request(definitions: readonly StoredWorkflowDefinition[]): Promise<void> {
    const kind = this.random.weighted(REQUEST_WEIGHTS);
    if (kind === "create") return this.create(this.random.pick(definitions));
    if (kind === "supersede") return this.supersede(definitions);
    if (kind === "latest") return this.queueLatest(definitions);
    if (kind === "decide") return this.decide();
    if (kind === "rerun") return this.rerun(definitions);
    if (kind === "upgrade") return this.upgrade(definitions);
    const fits: Record<typeof kind, (run: RunRecord) => boolean> = {
      resume: (run) => run.status === RunStatus.Waiting && run.active?.wait?.kind === "signal",
      signal: (run) => LIVE_RUN_STATUSES.includes(run.status),
      retry: (run) => run.status === RunStatus.Failed,
      cancel: () => true,
    };
    const run = await this.pickRun(fits[kind]);
    if (!run) return;
    if (kind === "resume") {
      const signalType = this.random.chance(0.9) ? SIGNAL : "other";
      return this.spawn("resume", run.id, (ports) =>
        resumeRun(ports, WORKSPACE, run.id, { signalType, payload: { received: true } }),
      );
    }
    if (kind === "signal") {
      // Sent early, late or twice: ids come from a small pool, so repeats (applied once) happen.
      const signalType = this.random.pick([SIGNAL, OTHER_SIGNAL, "other"]);
      const id = this.random.chance(0.5) ? `sig-${this.random.int(5)}` : undefined;
      return this.spawn("signal", run.id, (ports) =>
        sendSignal(ports, WORKSPACE, run.id, { signalType, payload: { sent: true }, id }),
      );
    }
    if (kind === "retry") return this.spawn("retry", run.id, (ports) => retryRun(ports, WORKSPACE, run.id));
    return this.spawn("cancel", run.id, (ports) => cancelRun(ports, WORKSPACE, run.id));
  }

  /**
   * A rerun of an ended run from one of its steps (now and then one the definition lacks: refused), on its
   * own version or another, with a new input or a patched state now and then.
   */
  private async rerun(definitions: readonly StoredWorkflowDefinition[]): Promise<void> {
    const ended = (run: RunRecord) =>
      FINAL_RUN_STATUSES.includes(run.status) || run.status === RunStatus.Failed;
    const run = await this.pickRun(ended);
    if (!run) return;
    // A sub-workflow's run has a definition the schedule starts no runs of; a branch's or item's is refused.
    const versions = versionsOf(definitions, run);
    const target = versions.length > 0 ? this.random.pick(versions) : undefined;
    const steps = target?.stepsJson.map((step) => step.name) ?? [];
    const fromStep = steps.length > 0 && this.random.chance(0.9) ? this.random.pick(steps) : "nowhere";
    const request = {
      fromStep,
      ...(target && target.id !== run.definitionId ? { definitionId: target.id } : {}),
      ...(this.random.chance(0.3) ? { input: runInput(this.random) } : {}),
      ...(this.random.chance(0.3) ? { statePatch: { patched: true } } : {}),
    };
    await this.spawn("rerun", run.id, async (ports) => {
      const created = await rerunRun(ports, WORKSPACE, run.id, request);
      this.creations.push({ runId: created.run.id, idempotencyKey: undefined });
    });
  }

  /** An upgrade of a live run to another version of its definition, checked, sometimes only a dry run. */
  private async upgrade(definitions: readonly StoredWorkflowDefinition[]): Promise<void> {
    const run = await this.pickRun((candidate) => LIVE_RUN_STATUSES.includes(candidate.status));
    if (!run) return;
    const others = versionsOf(definitions, run).filter((definition) => definition.id !== run.definitionId);
    const target = others.length > 0 ? this.random.pick(others) : this.random.pick(definitions);
    const dryRun = this.random.chance(0.2);
    await this.spawn("upgrade", run.id, (ports) =>
      upgradeRun(ports, WORKSPACE, run.id, { definitionId: target.id, dryRun }),
    );
  }

  private async decide(): Promise<void> {
    const pending = this.random.chance(0.8) ? true : undefined;
    const approvals = await this.world.store.approvals.list(WORKSPACE, pending);
    if (approvals.length === 0) return;
    const approval = this.random.pick(approvals);
    const decision = this.random.weighted({ approved: 3, rejected: 2, edited: 1 });
    // On a step with assignees each decider is one of them or the escalation's (a vote, refused twice),
    // or, now and then, its requester-less stranger (refused).
    const named = approval.assignees.length > 0;
    const decidedBy = named ? this.random.pick([...VOTERS, ESCALATION, "eve@example.com"]) : undefined;
    // A person from a signed link's page or from the dashboard (the same commit, racing each other); an
    // API key where the step names nobody.
    const identity: Identity =
      decidedBy === undefined
        ? { kind: "api-key", id: "key_simulation", name: "simulation" }
        : this.random.chance(0.5)
          ? { kind: "link", email: decidedBy }
          : { kind: "session", id: `acc_${decidedBy}`, email: decidedBy };
    await this.spawn("decide", approval.workflowRunId, (ports) =>
      decideApproval(
        ports,
        NO_APPROVAL_GROUPS,
        WORKSPACE,
        approval.id,
        {
          decision,
          ...(decision === "edited" ? { editedContent: { edited: true } } : {}),
        },
        identity,
      ),
    );
  }

  private async pickRun(fits: (run: RunRecord) => boolean): Promise<RunRecord | undefined> {
    const items = await this.allRuns();
    const fitting = items.filter(fits);
    const pool = fitting.length > 0 && this.random.chance(0.8) ? fitting : items;
    return pool.length === 0 ? undefined : this.random.pick(pool);
  }

  /** The runs the API started, and their child runs, listed under each parent (docs/flow.md). */
  private async allRuns(): Promise<RunRecord[]> {
    const runs = (await this.world.store.runs.list(WORKSPACE, {}, 1, 1000)).items;
    for (let i = 0; i < runs.length; i++) {
      const parentRunId = runs[i]?.id;
      runs.push(...(await this.world.store.runs.list(WORKSPACE, { parentRunId }, 1, 1000)).items);
    }
    return runs;
  }
}

/** The versions of the run's workflow (its definition's name). */
function versionsOf(
  definitions: readonly StoredWorkflowDefinition[],
  run: RunRecord,
): StoredWorkflowDefinition[] {
  const name = definitions.find((definition) => definition.id === run.definitionId)?.name;
  return definitions.filter((definition) => definition.name === name);
}
