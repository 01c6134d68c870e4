import { describe, expect, it } from "vitest";
import { packActive, packHistory, unpackHistory } from "../../../core/adapters/dynamodb/runs/history-codec";
import { fromJournalItem, fromRunItem, runItem } from "../../../core/adapters/dynamodb/runs/run-items";
import { compressJson, decompressJson } from "../../../core/adapters/dynamodb/table/compressed-json";
import { itemSizeBytes } from "../../../core/adapters/dynamodb/table/item-size";
import type { StepRun } from "../../../core/domain/run";
import type { StoredEvent } from "../../../core/domain/run-history";
import { lease, runningRun } from "../engine/builders";

const runId = "run_01jcz7w3k9q2yv6m8n4t5r0000";
const stepRun = (fields: Partial<StepRun> = {}): StepRun => ({
  id: "stp_1",
  workflowRunId: runId,
  stepName: "a",
  stepType: "task",
  status: "COMPLETED",
  attempt: 1,
  input: null,
  output: { n: 1 },
  error: null,
  startedAt: "2030-01-01T00:00:00.000Z",
  completedAt: "2030-01-01T00:00:01.000Z",
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:01.000Z",
  ...fields,
});
const event = (fields: Partial<StoredEvent> = {}): StoredEvent => ({
  id: "evt_1",
  seq: 1,
  workflowRunId: runId,
  stepRunId: null,
  eventType: "WORKFLOW_STARTED",
  payload: { input: {} },
  createdAt: "2030-01-01T00:00:00.000Z",
  ...fields,
});

describe("the compact form of a run's history", () => {
  it("leaves out the run's id and null fields, and gives back every field in its order", () => {
    const history = {
      events: [event(), event({ id: "evt_2", seq: 2, stepRunId: "stp_1", eventType: "STEP_COMPLETED" })],
      stepRuns: [stepRun(), stepRun({ id: "stp_2", error: "boom", output: null, completedAt: null })],
    };
    const packed = packHistory(history);

    expect(JSON.stringify(packed)).not.toContain(runId);
    expect(JSON.stringify(packed)).not.toContain("null");
    const unpacked = unpackHistory(JSON.parse(JSON.stringify(packed)), runId);
    expect(JSON.stringify(unpacked)).toBe(JSON.stringify(history));
  });

  it("is how run and journal items keep the active step and history, compressed, read back whole", () => {
    const run = runningRun({ lease: lease("me") });
    run.recent = {
      events: [event({ workflowRunId: run.id })],
      stepRuns: [stepRun({ workflowRunId: run.id })],
    };
    const item = runItem(run);

    expect(JSON.stringify(decompressJson(item.body as Uint8Array))).not.toContain(run.id);
    expect(fromRunItem(item)).toEqual(run);
    const journal = { pk: item.pk, journal: compressJson(packHistory(run.recent)) };
    expect(fromJournalItem(journal)).toEqual(run.recent);
  });

  it("keeps a running run with a step's history within the one kilobyte a write is billed by", () => {
    const run = runningRun({ lease: lease("7722b8df-1b84-4ef4-a835-16822fa03a65:0a4ec4e8-1dbf-42c4") });
    const output = { status: 200, headers: { "content-type": "application/json" }, body: { ok: true } };
    run.state = {
      input: run.input,
      ...Object.fromEntries(["a", "b", "c", "d", "e", "f"].map((name) => [name, output])),
    };
    run.recent = {
      events: [
        event({ workflowRunId: run.id, seq: 3, stepRunId: "stp_1", eventType: "STEP_COMPLETED" }),
        event({ workflowRunId: run.id, seq: 4, stepRunId: "stp_2", eventType: "STEP_STARTED" }),
      ],
      stepRuns: [stepRun({ workflowRunId: run.id, input: { handler: "http" }, output })],
    };

    expect(JSON.stringify(run).length).toBeGreaterThan(2048);
    expect(itemSizeBytes(runItem(run))).toBeLessThanOrEqual(1024);
  });

  it("reads run and journal items written before they were compressed", () => {
    const run = runningRun({ lease: lease("me") });
    run.recent = { events: [event({ workflowRunId: run.id })], stepRuns: [] };
    const { pk, sk, version, body } = runItem(run);
    const { active, recent, id, workspaceId, ...fields } = fromRunItem({ pk, sk, version, body });
    const legacy = {
      pk,
      sk,
      entity: "WorkflowRun",
      id,
      workspaceId,
      ...fields,
      ...Object.fromEntries(
        (["input", "output", "state"] as const).map((name) => [`${name}Json`, JSON.stringify(run[name])]),
      ),
      activeJson: JSON.stringify(active && packActive(active)),
      recentJson: JSON.stringify(recent && packHistory(recent)),
    };

    expect(fromRunItem(legacy)).toEqual(run);
    expect(fromJournalItem({ pk, journalJson: legacy.recentJson })).toEqual(run.recent);
  });
});
