import { describe, expect, it } from "vitest";
import { expectError, ISO_UTC_MS } from "../helpers/requests";
import { getRun } from "../helpers/runs";
import {
  a,
  failDefinition,
  RUN_FIELDS,
  requestAs,
  settledRun,
  setUpWorkflowRuns,
  signalDefinition,
  t,
} from "./workflow-runs-fixtures";

/**
 * GET /v1/workflow-runs/:id: the run with its current step and every step run's fields, a failed step's
 * error, and a run that is not there.
 */
setUpWorkflowRuns();

const STEP_RUN_FIELDS = [
  "id",
  "workflowRunId",
  "stepName",
  "stepType",
  "status",
  "attempt",
  "input",
  "output",
  "error",
  "startedAt",
  "completedAt",
  "createdAt",
  "updatedAt",
].sort();

describe("GET /v1/workflow-runs/:id", () => {
  it("includes currentStepName and every step run with its fields when the run waits at a step", async () => {
    const run = await settledRun(signalDefinition, { input: { who: "me" } });

    const got = await getRun(t.request, a.apiKey, run.id);
    expect(Object.keys(got).sort()).toEqual([...RUN_FIELDS, "steps"].sort());
    expect(got).toMatchObject({ id: run.id, status: "WAITING", currentStepName: "await-go" });
    expect(got.steps).toHaveLength(2);
    for (const step of got.steps) {
      expect(Object.keys(step).sort()).toEqual(STEP_RUN_FIELDS);
      expect(step.id).toEqual(expect.any(String));
      expect(step.workflowRunId).toBe(run.id);
      expect(step.attempt).toBe(1);
      expect(step.error).toBeNull();
      expect(step.startedAt).toMatch(ISO_UTC_MS);
      expect(step.createdAt).toMatch(ISO_UTC_MS);
      expect(step.updatedAt).toMatch(ISO_UTC_MS);
    }
    const [prepare, awaitGo] = got.steps;
    expect(prepare).toMatchObject({
      stepName: "prepare",
      stepType: "task",
      status: "COMPLETED",
      output: {},
      completedAt: expect.stringMatching(ISO_UTC_MS),
    });
    expect(awaitGo).toMatchObject({
      stepName: "await-go",
      stepType: "external_event",
      status: "WAITING",
      output: null,
      completedAt: null,
    });
  });

  it("records the step's error and FAILED status when a run fails", async () => {
    const run = await settledRun(failDefinition);

    const got = await getRun(t.request, a.apiKey, run.id);
    expect(got.status).toBe("FAILED");
    expect(got.steps).toEqual([
      expect.objectContaining({
        stepName: "boom",
        status: "FAILED",
        error: expect.stringContaining("kaput"),
      }),
    ]);
  });

  it("answers 404 NOT_FOUND when the id names no run", async () => {
    await expectError(await requestAs(a, "GET", "/v1/workflow-runs/run_does_not_exist"), 404, "NOT_FOUND");
  });
});
