import { describe, expect, it } from "vitest";
import { statusOf } from "../../../core/api/error-status";
import { ConflictError } from "../../../core/domain/errors";
import {
  assertRunTransition,
  assertStepTransition,
  canTransitionRun,
  canTransitionStep,
  RUN_STATUSES,
  type RunStatus,
  type StepRunStatus,
} from "../../../core/domain/statuses";

/** Spec 3.1 (run status table), plus decisions 4: SUPERSEDED from PENDING, RUNNING, WAITING and PAUSED. */
const RUN_TABLE: Record<string, string[]> = {
  PENDING: ["RUNNING", "CANCELLED", "SUPERSEDED"],
  RUNNING: ["WAITING", "PAUSED", "COMPLETED", "FAILED", "CANCELLED", "SUPERSEDED"],
  WAITING: ["RUNNING", "CANCELLED", "FAILED", "SUPERSEDED"],
  PAUSED: ["RUNNING", "CANCELLED", "SUPERSEDED"],
  FAILED: ["RUNNING"],
  COMPLETED: [],
  CANCELLED: [],
  SUPERSEDED: [],
};

/** Spec 3.2. */
const STEP_TABLE: Record<string, string[]> = {
  PENDING: ["RUNNING", "SKIPPED", "CANCELLED"],
  RUNNING: ["WAITING", "COMPLETED", "FAILED", "CANCELLED"],
  WAITING: ["RUNNING", "COMPLETED", "FAILED", "CANCELLED"],
  FAILED: ["RUNNING"],
  COMPLETED: [],
  SKIPPED: [],
  CANCELLED: [],
};

const RUN_NAMES = Object.keys(RUN_TABLE) as RunStatus[];
const STEP_NAMES = Object.keys(STEP_TABLE) as StepRunStatus[];

const pairs = <S extends string>(names: S[], table: Record<string, string[]>, allowed: boolean) =>
  names.flatMap((from) =>
    names
      .filter((to) => (table[from] ?? []).includes(to) === allowed)
      .map((to) => ({ from, to, label: `${from} -> ${to}` })),
  );

const allowedRun = pairs(RUN_NAMES, RUN_TABLE, true);
const refusedRun = pairs(RUN_NAMES, RUN_TABLE, false);
const allowedStep = pairs(STEP_NAMES, STEP_TABLE, true);
const refusedStep = pairs(STEP_NAMES, STEP_TABLE, false);

describe("run status table", () => {
  it("knows exactly the eight run statuses of spec 3.1 when listing them", () => {
    expect([...RUN_STATUSES].sort()).toEqual([...RUN_NAMES].sort());
  });

  it("covers all 64 ordered pairs when the expected table is split into allowed and refused", () => {
    expect(allowedRun.length + refusedRun.length).toBe(64);
    expect(allowedRun.length).toBe(17);
  });

  it.each(allowedRun)("allows the transition when it is $label of the spec", ({ from, to }) => {
    expect(canTransitionRun(from, to)).toBe(true);
    expect(() => assertRunTransition(from, to)).not.toThrow();
  });

  it.each(refusedRun)("refuses the transition when it is $label, not in the spec", ({ from, to }) => {
    expect(canTransitionRun(from, to)).toBe(false);
  });

  it.each(refusedRun)("throws ConflictError naming both statuses when asserting $label", ({ from, to }) => {
    let thrown: unknown;
    try {
      assertRunTransition(from, to);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConflictError);
    expect((thrown as ConflictError).code).toBe("CONFLICT");
    expect(statusOf(thrown as ConflictError)).toBe(409);
    expect((thrown as Error).message).toContain(from);
    expect((thrown as Error).message).toContain(to);
  });

  it("leaves no way out when the run is COMPLETED, CANCELLED or SUPERSEDED", () => {
    for (const from of ["COMPLETED", "CANCELLED", "SUPERSEDED"] as RunStatus[]) {
      for (const to of RUN_NAMES) expect(canTransitionRun(from, to), `${from} -> ${to}`).toBe(false);
    }
  });
});

describe("step run status table", () => {
  it("covers all 49 ordered pairs when the expected table is split into allowed and refused", () => {
    expect(allowedStep.length + refusedStep.length).toBe(49);
    expect(allowedStep.length).toBe(12);
  });

  it.each(allowedStep)("allows the step transition when it is $label of spec 3.2", ({ from, to }) => {
    expect(canTransitionStep(from, to)).toBe(true);
    expect(() => assertStepTransition(from, to)).not.toThrow();
  });

  it.each(refusedStep)("refuses the step transition with ConflictError when it is $label", ({ from, to }) => {
    expect(canTransitionStep(from, to)).toBe(false);
    expect(() => assertStepTransition(from, to)).toThrow(ConflictError);
  });
});
