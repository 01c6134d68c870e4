/**
 * A definition's steps as a graph to draw: one node per step, top to bottom in definition order, and an
 * edge for every way the run can go on from a step: to the next step, to a condition's `trueStep` and
 * `falseStep`, back to an approval's `onReject.gotoStep`. Pure, so the layout is tested without a browser.
 */
export interface GraphStep {
  name: string;
  type: string;
  trueStep?: string;
  falseStep?: string;
  onReject?: { gotoStep: string };
}

export interface GraphEdge {
  from: number;
  to: number;
  label?: string;
}

/** A definition's `stepsJson` as the graph reads it: what it does not know of a step is left out. */
export function graphSteps(stepsJson: readonly Record<string, unknown>[]): GraphStep[] {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return stepsJson.map((step) => {
    const onReject = step.onReject as { gotoStep?: unknown } | undefined;
    const gotoStep = text(onReject?.gotoStep);
    return {
      name: text(step.name) ?? "?",
      type: text(step.type) ?? "?",
      ...(text(step.trueStep) ? { trueStep: text(step.trueStep) } : {}),
      ...(text(step.falseStep) ? { falseStep: text(step.falseStep) } : {}),
      ...(gotoStep ? { onReject: { gotoStep } } : {}),
    };
  });
}

export function stepEdges(steps: readonly GraphStep[]): GraphEdge[] {
  const index = new Map(steps.map((step, i) => [step.name, i]));
  const edges: GraphEdge[] = [];
  const to = (from: number, name: string | undefined, label?: string) => {
    const target = name === undefined ? undefined : index.get(name);
    if (target !== undefined) edges.push({ from, to: target, ...(label ? { label } : {}) });
  };
  steps.forEach((step, i) => {
    if (step.type === "condition") {
      to(i, step.trueStep, "true");
      to(i, step.falseStep, "false");
      return;
    }
    if (i + 1 < steps.length) edges.push({ from: i, to: i + 1 });
    if (step.onReject) to(i, step.onReject.gotoStep, "rejected");
  });
  return edges;
}
