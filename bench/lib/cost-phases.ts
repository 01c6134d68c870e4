import type { BilledService } from "./billed-service";
import { phaseUnits, queueMessages, type Units } from "./cost-report";
import {
  type ApiClient,
  deliveriesPerRun,
  driveRuns,
  RUN_INPUT,
  sleep,
  WAIT_MS,
  type Workload,
  type Workspace,
} from "./cost-workloads";
import { type Counts, since } from "./tally";

/**
 * bench:cost's phases: R runs of one definition created over the API, driven to their end, and billed from the
 * requests the proxy counted meanwhile (a phase ends once no request has been in flight for QUIET_MS).
 */

/** A phase has ended when no measured request has been in flight for this long. */
const QUIET_MS = 1500;
export const MAX_PHASE_ATTEMPTS = 2;

export interface Mode {
  label: string;
  key: "plain" | "webhooks";
  workspace: Workspace;
  webhooks: boolean;
}

export interface PhaseResult {
  mode: Mode["key"];
  workload: Workload;
  steps: number;
  runs: number;
  elapsedMs: number;
  completed: number;
  apiCalls: number;
  /** Entries the sweeps found overdue during the phase: each would have rung a run or re-sent a dispatch. */
  sweptEntries: number;
  deliveries: number;
  units: Units;
  /** 1, or more when a phase was measured again because the sweeps interfered. */
  attempt: number;
}

/**
 * How a phase's runs are created: over `POST /v1/workflow-runs` with these fields beside the definition and
 * input (a supersession key), or each by an event sent to `POST /v1/events` that one event trigger takes.
 */
export type CreationFields = Record<string, unknown> | { event: string };

/** Measures phases one after another in `h`, keeping each phase's result in `phases`. */
export function createPhaseRunner(h: BilledService, api: ApiClient, runs: number) {
  const phases: PhaseResult[] = [];
  const settle = () => h.settle(QUIET_MS);

  const measurePhase = async (
    mode: Mode,
    workload: Workload,
    length: number,
    definitionId: string,
    attempt: number,
    creation: CreationFields,
  ): Promise<PhaseResult> => {
    await settle();
    const before = h.tally.snapshot();
    const hooksBefore = h.receiver.count("/webhook");
    const started = Date.now();
    const runIds: string[] = [];
    // One at a time: the phase measures cost, not creation throughput (bench:creation measures that).
    for (let i = 0; i < runs; i++) runIds.push(await create(mode, definitionId, creation));
    const deadlineMs = Date.now() + 120_000 + 2 * length * (WAIT_MS + 1000);
    const driven = await driveRuns(
      { api, dynamo: h.dynamo, tableName: h.tableName, workspace: mode.workspace, deadlineMs },
      runIds,
    );
    const expected = mode.webhooks ? runs * deliveriesPerRun(workload, length) : 0;
    while (h.receiver.count("/webhook") - hooksBefore < expected) {
      if (Date.now() > deadlineMs) throw new Error(`${workload}: webhook deliveries missing at the deadline`);
      await sleep(50);
    }
    await settle();
    const delta: Counts = since(before, h.tally.snapshot());
    const result: PhaseResult = {
      mode: mode.key,
      workload,
      steps: length,
      runs,
      elapsedMs: Date.now() - started,
      completed: driven.statuses.filter((status) => status === "COMPLETED").length,
      apiCalls: runs + driven.apiCalls,
      sweptEntries: delta["sweeper.items:Query"] ?? 0,
      deliveries: h.receiver.count("/webhook") - hooksBefore,
      units: phaseUnits(delta),
      attempt,
    };
    console.log(
      `  ${mode.key.padEnd(8)} ${workload.padEnd(14)} ×${String(length).padStart(3)}${attempt > 1 ? ` (again, attempt ${attempt})` : ""}: ` +
        `${result.completed}/${runs} completed in ${(result.elapsedMs / 1000).toFixed(1)} s; ` +
        `WRU ${result.units.wru ?? 0}, RRU ${result.units.rru ?? 0}, queue messages ${queueMessages(result.units)}` +
        (result.sweptEntries > 0 ? `; the sweeps found ${result.sweptEntries} overdue entries` : ""),
    );
    return result;
  };

  const create = async (mode: Mode, definitionId: string, creation: CreationFields): Promise<string> => {
    const key = mode.workspace.apiKey;
    if (typeof creation.event !== "string") {
      const fields = { definitionId, input: RUN_INPUT, ...creation };
      return (await api.call<{ id: string }>("POST", "/v1/workflow-runs", key, fields)).id;
    }
    const sent = await api.call<{ runs: { id: string }[] }>("POST", "/v1/events", key, {
      name: creation.event,
      payload: RUN_INPUT,
    });
    const [run, ...more] = sent.runs;
    if (!run || more.length > 0) throw new Error(`the event started ${sent.runs.length} runs, not 1`);
    return run.id;
  };

  /**
   * A phase during which the sweeps found overdue entries is measured again: locally they re-ring runs and
   * re-send webhook messages 1 s after they are due (in AWS, 2 minutes), so on a busy machine a backlog of a
   * second puts their extra reads in the figures.
   */
  const runPhase = async (
    mode: Mode,
    workload: Workload,
    length: number,
    definitionId: string,
    creation: CreationFields = {},
  ) => {
    let result = await measurePhase(mode, workload, length, definitionId, 1, creation);
    while (result.sweptEntries > 0 && result.attempt < MAX_PHASE_ATTEMPTS) {
      result = await measurePhase(mode, workload, length, definitionId, result.attempt + 1, creation);
    }
    phases.push(result);
    return result.units;
  };

  return { runPhase, phases };
}
