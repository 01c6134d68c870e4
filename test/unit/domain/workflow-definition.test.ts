import { describe, expect, it } from "vitest";
import { CreateWorkflowDefinitionInput } from "../../../core/domain/workflow-definition";

const step = (name: string) => ({ type: "task", name, handler: "noop" });
const branch = (name: string, trueStep: string, falseStep: string) => ({
  type: "condition",
  name,
  expression: "state.ok",
  trueStep,
  falseStep,
});

function issues(body: object) {
  const result = CreateWorkflowDefinitionInput.safeParse({ name: "onboarding", version: "1.0.0", ...body });
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
}

describe("CreateWorkflowDefinitionInput", () => {
  it("accepts a minimal definition", () => {
    const body = { name: "onboarding", version: "1", steps: [step("a")] };
    expect(CreateWorkflowDefinitionInput.parse(body)).toEqual({
      ...body,
      steps: [{ ...step("a"), config: {} }],
    });
  });

  it.each([
    ["empty name", { name: "", steps: [step("a")] }, ["name"]],
    ["long name", { name: "x".repeat(201), steps: [step("a")] }, ["name"]],
    ["empty version", { version: "", steps: [step("a")] }, ["version"]],
    ["long version", { version: "x".repeat(51), steps: [step("a")] }, ["version"]],
    ["long description", { description: "x".repeat(1001), steps: [step("a")] }, ["description"]],
    ["no steps", { steps: [] }, ["steps"]],
    ["missing steps", {}, ["steps"]],
    ["501 steps", { steps: Array.from({ length: 501 }, (_, i) => step(`s${i}`)) }, ["steps"]],
  ])("rejects %s", (_label, body, path) => {
    expect(issues(body).map((issue) => issue.path)).toEqual([path]);
  });

  it("accepts 500 steps and a 1000-character description", () => {
    const steps = Array.from({ length: 500 }, (_, i) => step(`s${i}`));
    expect(issues({ steps, description: "x".repeat(1000) })).toEqual([]);
  });

  it("rejects a duplicate step name at the later step", () => {
    expect(issues({ steps: [step("fetch"), step("send"), step("fetch")] })).toEqual([
      {
        path: ["steps", 2, "name"],
        message: 'Step "fetch": name is already used by step 0; step names must be unique',
      },
    ]);
  });

  it("rejects condition targets that name no step", () => {
    expect(issues({ steps: [branch("check", "nope", "check"), step("done")] })).toEqual([
      {
        path: ["steps", 0, "trueStep"],
        message: 'Step "check": trueStep "nope" names no step of this definition',
      },
    ]);
    expect(issues({ steps: [branch("check", "done", "gone"), step("done")] })).toEqual([
      {
        path: ["steps", 0, "falseStep"],
        message: 'Step "check": falseStep "gone" names no step of this definition',
      },
    ]);
  });

  it("accepts condition targets before, after and at the condition itself", () => {
    expect(issues({ steps: [step("start"), branch("check", "start", "check"), step("end")] })).toEqual([]);
    expect(issues({ steps: [branch("check", "end", "end"), step("end")] })).toEqual([]);
  });

  it("reports a duplicate name alongside a bound error in another step", () => {
    const steps = [step("a"), { type: "wait", name: "a", durationMs: -1 }];
    expect(issues({ steps }).map((issue) => issue.path)).toEqual([
      ["steps", 1, "durationMs"],
      ["steps", 1, "name"],
    ]);
  });
});

describe("nested steps (parallel, map)", () => {
  const parallel = (name: string, branches: [string, object[]][]) => ({
    type: "parallel",
    name,
    branches: branches.map(([branchName, steps]) => ({ name: branchName, steps })),
  });
  const map = (name: string, steps: object[]) => ({ type: "map", name, itemsKey: "list", steps });

  it("accepts branches and map steps with their defaults", () => {
    const parsed = CreateWorkflowDefinitionInput.parse({
      name: "fan-out",
      version: "1",
      steps: [
        parallel("both", [
          ["a", [step("a1")]],
          ["b", [map("each", [step("b1")])]],
        ]),
      ],
    });
    expect(parsed.steps[0]).toMatchObject({
      join: "all",
      branches: [
        { name: "a", steps: [{ ...step("a1"), config: {} }] },
        { name: "b", steps: [{ type: "map", maxConcurrency: 10, failureTolerance: 0 }] },
      ],
    });
  });

  it("rejects a name used in another list of the definition", () => {
    expect(issues({ steps: [step("fetch"), map("each", [step("fetch")])] })).toEqual([
      {
        path: ["steps", 1, "steps", 0, "name"],
        message: 'Step "fetch": name is already used by step 0; step names must be unique',
      },
    ]);
  });

  it("rejects a condition whose target lies in another list", () => {
    expect(issues({ steps: [step("outside"), map("each", [branch("check", "outside", "check")])] })).toEqual([
      {
        path: ["steps", 1, "steps", 0, "trueStep"],
        message: 'Step "check": trueStep "outside" names no step of its list',
      },
    ]);
  });

  it("rejects steps nested deeper than the bound", () => {
    let inner: object = step("leaf");
    for (let level = 5; level >= 1; level--) inner = map(`level${level}`, [inner]);
    expect(issues({ steps: [inner] }).map((issue) => issue.path)).toEqual([
      ["steps", 0, "steps", 0, "steps", 0, "steps", 0, "steps", 0, "steps"],
    ]);
  });

  it("counts nested steps against the definition's bound", () => {
    const many = Array.from({ length: 300 }, (_, i) => step(`m${i}`));
    const others = Array.from({ length: 250 }, (_, i) => step(`o${i}`));
    expect(issues({ steps: [...others, map("each", many)] }).map((issue) => issue.message)).toEqual([
      "The definition holds 551 steps in all; at most 500",
    ]);
  });
});
