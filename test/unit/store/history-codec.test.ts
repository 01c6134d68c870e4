import { describe, expect, it } from "vitest";
import { packHistory, unpackHistory } from "../../../core/adapters/dynamodb/history-codec";
import { fromJournalItem, fromRunItem, runItem } from "../../../core/adapters/dynamodb/run-items";
import type { StepRun } from "../../../core/domain/run";
import type { StoredEvent } from "../../../core/domain/run-change";
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

  it("is how run and journal items keep the active step and history, read back whole", () => {
    const run = runningRun({ lease: lease("me") });
    run.recent = {
      events: [event({ workflowRunId: run.id })],
      stepRuns: [stepRun({ workflowRunId: run.id })],
    };
    const item = runItem(run);

    expect(String(item.activeJson)).not.toContain(`"workflowRunId"`);
    expect(String(item.recentJson)).not.toContain(`"workflowRunId"`);
    expect(fromRunItem(item)).toEqual(run);
    expect(fromJournalItem({ pk: item.pk, journalJson: item.recentJson })).toEqual(run.recent);
  });
});
