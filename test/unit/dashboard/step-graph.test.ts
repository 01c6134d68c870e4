import { describe, expect, it } from "vitest";
import { graphSteps, stepEdges } from "../../../core/dashboard/client/step-graph";

describe("a definition's steps as a graph", () => {
  it("joins each step to the next, a condition to both its targets, and a rejection back to its step", () => {
    const steps = graphSteps([
      { type: "llm", name: "draft", model: "gpt-4o-mini" },
      { type: "approval", name: "review", onReject: { gotoStep: "draft", feedbackKey: "fb" } },
      { type: "condition", name: "urgent?", expression: "urgent", trueStep: "page", falseStep: "file" },
      { type: "task", name: "file", handler: "noop" },
      { type: "task", name: "page", handler: "noop" },
    ]);
    expect(stepEdges(steps)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 1, to: 0, label: "rejected" },
      { from: 2, to: 4, label: "true" },
      { from: 2, to: 3, label: "false" },
      { from: 3, to: 4 },
    ]);
  });

  it("draws no edge to a step the definition does not have, and names an unreadable step '?'", () => {
    const steps = graphSteps([
      { type: "condition", name: "c", trueStep: "gone", falseStep: "end" },
      { name: 7 },
    ]);
    expect(steps[1]).toEqual({ name: "?", type: "?" });
    expect(stepEdges(steps)).toEqual([]);
  });
});
