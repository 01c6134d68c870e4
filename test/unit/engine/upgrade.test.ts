import { describe, expect, it } from "vitest";
import { RunTransition } from "../../../core/domain/run-change";
import { RunStatus } from "../../../core/domain/statuses";
import type { StepDefinition } from "../../../core/domain/step";
import { applyOutcome } from "../../../core/engine/rules/apply-outcome";
import { planNext } from "../../../core/engine/rules/plan";
import { landUpgrade } from "../../../core/engine/rules/upgrade-landing";
import { checkUpgrade } from "../../../core/runs/upgrade-check";
import { active, fixedIds, runningRun, runRecord, T0, task } from "./builders";

const worker = { owner: "me", takeOverLeasesGrantedBeforeMs: undefined };
const v1: StepDefinition[] = [task("a"), task("b"), task("c")];

describe("checkUpgrade", () => {
  it("finds nothing in the way when the run's step and what follows it are there", () => {
    const run = runningRun({ stepName: "a", state: { input: {} } });

    expect(checkUpgrade(run, v1, [task("a"), task("new"), task("b")])).toEqual([]);
  });

  it("reports the step after the run's in its version missing, unless the upgrade says where it continues", () => {
    const run = runningRun({ stepName: "a", state: { input: {} } });
    const v2 = [task("a"), task("new"), task("c")];

    expect(checkUpgrade(run, v1, v2)).toEqual([
      expect.objectContaining({ kind: "next_step_missing", stepName: "b" }),
    ]);
    expect(checkUpgrade(run, v1, v2, "c")).toEqual([]);
    expect(checkUpgrade(runningRun({ stepName: "b", stepIndex: 1 }), v1, v2, "c")).toEqual([]);
  });

  it("reports the current step missing, a type changed, and a state key nothing writes", () => {
    const run = runningRun({ stepName: "b", stepIndex: 1, state: { input: {}, a: {} } });
    const v2: StepDefinition[] = [
      { type: "wait", name: "a", durationMs: 10 },
      task("c", { handler: "http", config: { url: "https://x.example/{{state.missing}}/{{state.a}}" } }),
    ];

    expect(checkUpgrade(run, v1, v2).map(({ kind }) => kind)).toEqual([
      "current_step_missing",
      "step_type_changed",
    ]);
    const atA = runningRun({ stepName: "a", state: { input: {} } });
    expect(checkUpgrade(atA, v1, [task("a"), task("b"), ...v2.slice(1)])).toEqual([
      expect.objectContaining({ kind: "state_key_unwritten", key: "missing", stepName: "c" }),
    ]);
  });

  it("reports a condition's target missing as a next step", () => {
    const steps: StepDefinition[] = [
      { type: "condition", name: "a", expression: "input.ok", trueStep: "b", falseStep: "c" },
      task("b"),
      task("c"),
    ];
    const run = runningRun({ stepName: "a", state: { input: {} } });

    expect(checkUpgrade(run, steps, [steps[0] as StepDefinition, task("c")])).toEqual([
      expect.objectContaining({ kind: "next_step_missing", stepName: "b" }),
    ]);
  });
});

describe("landing an upgrade", () => {
  it("stops at the boundary when the step completes, and the landing goes on after its name in the new version", () => {
    const run = runningRun({ stepName: "a", upgrade: { definitionId: "def_2", requestedAt: "" } });
    const tx = new RunTransition(run, T0, fixedIds(2));

    applyOutcome(tx, v1, { kind: "completed", output: {} }, fixedIds(5));

    expect(tx.run).toMatchObject({ active: null, nextStepName: null, upgrade: { after: "a" } });
    expect(planNext(tx.run, T0, worker)).toEqual({ kind: "land-upgrade", definitionId: "def_2" });
    landUpgrade(tx, [task("a"), task("audit"), task("b")]);
    expect(tx.run).toMatchObject({
      definitionId: "def_2",
      originalDefinitionId: "def_1",
      nextStepName: "audit",
    });
    expect(tx.run.upgrade).toBeUndefined();
  });

  it("goes on at the step the upgrade names, over the step's own choice", () => {
    const run = runRecord({
      status: RunStatus.Running,
      active: null,
      nextStepName: "b",
      upgrade: { definitionId: "def_2", requestedAt: "", after: "a", continueAt: "z" },
    });
    const tx = new RunTransition(run, T0, fixedIds());

    landUpgrade(tx, [task("a"), task("z")]);

    expect(tx.run).toMatchObject({ definitionId: "def_2", nextStepName: "z", status: RunStatus.Running });
  });

  it("completes the run when the step was the new version's last", () => {
    const run = runRecord({
      status: RunStatus.Running,
      active: null,
      upgrade: { definitionId: "def_2", requestedAt: "", after: "c" },
    });
    const tx = new RunTransition(run, T0, fixedIds());

    landUpgrade(tx, [task("a"), task("c")]);

    expect(tx.run.status).toBe(RunStatus.Completed);
  });

  it("keeps a step's own choice of its next step", () => {
    const run = runRecord({
      status: RunStatus.Running,
      active: null,
      nextStepName: "c",
      upgrade: { definitionId: "def_2", requestedAt: "", after: "a" },
    });
    const tx = new RunTransition(run, T0, fixedIds());

    landUpgrade(tx, [task("a"), task("b"), task("c")]);

    expect(tx.run.nextStepName).toBe("c");
  });

  it("is not planned while the step is still active", () => {
    const run = runningRun({ upgrade: { definitionId: "def_2", requestedAt: "" } });

    expect(planNext({ ...run, active: active({ lease: null }) }, T0, worker)).toEqual({ kind: "take-over" });
  });
});
