import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectError, issuePaths } from "../helpers/requests";
import { getRun, startRun, waitForRun, withStatus } from "../helpers/runs";
import {
  a,
  define,
  eventsOf,
  hits,
  http,
  releases,
  requested,
  send,
  setUpSupersessionModes,
  startHeld,
  t,
} from "./supersession-modes-fixtures";

/**
 * `supersedeMode` after_current_step: the superseded run's running step finishes before the run ends
 * SUPERSEDED, a run not executing a step is superseded at once, and a mode without a supersession key and
 * supersedeExisting, or an unknown one, is refused.
 */
setUpSupersessionModes();

describe("supersedeMode after_current_step", () => {
  it("lets the running step finish, records it COMPLETED, then ends the run SUPERSEDED before its next step", async () => {
    const definitionId = await define([
      http("slow", "/slow/{{input.tag}}"),
      http("next", "/next/{{input.tag}}"),
    ]);
    const supersessionKey = `doc-${randomBytes(3).toString("hex")}`;
    const older = await startHeld(definitionId, supersessionKey, "old");

    const newer = await startRun(t.request, a.apiKey, {
      definitionId,
      input: { tag: "new" },
      supersessionKey,
      supersedeExisting: true,
      supersedeMode: "after_current_step",
    });

    const marked = await getRun(t.request, a.apiKey, older.id);
    expect(marked).toMatchObject({ status: "RUNNING", pendingSupersession: { supersededBy: newer.id } });
    expect(marked.steps.map((step) => [step.stepName, step.status])).toEqual([["slow", "RUNNING"]]);
    releases.get("/slow/old")?.();

    const ended = await waitForRun(t.request, a.apiKey, older.id, withStatus("SUPERSEDED"));
    expect(ended.pendingSupersession).toBeUndefined();
    expect(ended.steps).toEqual([
      expect.objectContaining({
        stepName: "slow",
        status: "COMPLETED",
        output: expect.objectContaining({ status: 200 }),
      }),
    ]);
    const events = await eventsOf(older.id);
    expect(events.map(([type]) => type)).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "STEP_COMPLETED",
      "WORKFLOW_SUPERSEDED",
    ]);
    expect(events[3]?.[1]).toEqual({ supersededBy: newer.id });
    // The step was sent once, and the older run never reached its next step.
    expect(hits.get("/slow/old")).toBe(1);
    expect(hits.get("/next/old")).toBeUndefined();

    await requested("new");
    releases.get("/slow/new")?.();
    await waitForRun(t.request, a.apiKey, newer.id, withStatus("COMPLETED"));
  });

  it("supersedes at once a run that is not executing a step (waiting for a signal)", async () => {
    const definitionId = await define([{ type: "external_event", name: "await-go", signalType: "go" }]);
    const supersessionKey = `wait-${randomBytes(3).toString("hex")}`;
    const older = await startRun(t.request, a.apiKey, { definitionId, supersessionKey });
    await waitForRun(t.request, a.apiKey, older.id, withStatus("WAITING"));

    const newer = await startRun(t.request, a.apiKey, {
      definitionId,
      supersessionKey,
      supersedeExisting: true,
      supersedeMode: "after_current_step",
    });

    const ended = await getRun(t.request, a.apiKey, older.id);
    expect(ended.status).toBe("SUPERSEDED");
    expect(ended.steps.map((step) => [step.stepName, step.status])).toEqual([["await-go", "CANCELLED"]]);
    expect((await eventsOf(older.id)).at(-1)).toEqual(["WORKFLOW_SUPERSEDED", { supersededBy: newer.id }]);
  });

  it("refuses supersedeMode without a supersession key and supersedeExisting, and an unknown mode", async () => {
    const definitionId = await define([{ type: "task", name: "n", handler: "noop" }]);
    for (const body of [
      { definitionId, supersedeMode: "after_current_step" },
      { definitionId, supersessionKey: "k", supersedeMode: "after_current_step" },
      { definitionId, supersessionKey: "k", supersedeExisting: true, supersedeMode: "later" },
    ]) {
      const error = await expectError(await send("POST", "/v1/workflow-runs", body), 400, "VALIDATION_ERROR");
      expect(issuePaths(error)).toEqual(["supersedeMode"]);
    }
  });
});
