import type { StepDefinition } from "./step";

/**
 * Which workflow-state keys a step reads and writes, read from its definition alone: what the upgrade
 * check compares between two versions, and what a rerun rebuilds its state from. A read is a `{{state.K…}}`
 * placeholder anywhere in the step, a condition's expression, an approval's content key or a map's items key;
 * `{{input.…}}` reads the run's input, which every run has.
 */
const STATE_PLACEHOLDER = /\{\{\s*state\.([\w-]+)/g;

export function stateKeysRead(step: StepDefinition): string[] {
  const keys = new Set<string>();
  collectPlaceholders(step, keys);
  const fields = step as unknown as Record<string, unknown>;
  const direct = [
    step.type === "condition" ? step.expression.split(".")[0] : undefined,
    step.type === "approval" ? step.contentKey : undefined,
    typeof fields.itemsKey === "string" ? fields.itemsKey : undefined,
  ];
  for (const key of direct) if (key) keys.add(key);
  return [...keys];
}

function collectPlaceholders(value: unknown, keys: Set<string>): void {
  if (typeof value === "string") {
    for (const match of value.matchAll(STATE_PLACEHOLDER)) if (match[1]) keys.add(match[1]);
  } else if (Array.isArray(value)) {
    for (const item of value) collectPlaceholders(item, keys);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) collectPlaceholders(item, keys);
  }
}

export function stateKeysWritten(step: StepDefinition): string[] {
  const values = isSetState(step) ? step.config.values : undefined;
  const keys =
    values !== null && typeof values === "object"
      ? Object.keys(values)
      : Object.keys(stateWrittenBy(step, {}));
  if (step.type === "approval" && step.onReject) keys.push(step.onReject.feedbackKey);
  return keys;
}

/**
 * What a completed step with this output put into the state: its output under its output key, set_state's
 * values merged in, an llm step's JSON answer (or `{text}`), an agent's `{text}`, rather than its whole output
 * (which carries usage).
 */
export function stateWrittenBy(
  step: StepDefinition,
  output: Record<string, unknown>,
): Record<string, unknown> {
  if (isSetState(step)) return output;
  const key = step.outputKey ?? step.name;
  if (step.type === "llm" || step.type === "agent") return { [key]: output.json ?? { text: output.text } };
  return { [key]: output };
}

const isSetState = (step: StepDefinition): step is Extract<StepDefinition, { type: "task" }> =>
  step.type === "task" && step.handler === "set_state";
