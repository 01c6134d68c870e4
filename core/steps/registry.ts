import type { StepDefinition } from "../domain/step";
import type { StepOutcome } from "../engine/step-outcome";
import { approvalExecutor } from "./approval";
import { conditionExecutor } from "./condition";
import { externalEventExecutor } from "./external-event";
import type { HandlerRegistry } from "./handlers/registry";
import type { StepContext } from "./step-context";
import { createTaskExecutor } from "./task";
import { waitExecutor } from "./wait";

export interface StepRunner {
  execute(context: StepContext): Promise<StepOutcome>;
  /**
   * Whether running the step reaches outside the run (a request, a model call, a custom handler). Steps
   * that do not may run again after a crash without anyone noticing, so the engine commits a sequence of
   * them at once instead of one commit each.
   */
  hasSideEffects(step: StepDefinition): boolean;
}

/** One executor per step type, chosen by the step's `type`. */
export function createStepRunner(handlers: HandlerRegistry): StepRunner {
  const task = createTaskExecutor(handlers);
  const hasSideEffects = (step: StepDefinition) =>
    step.type === "llm" || (step.type === "task" && (handlers.get(step.handler)?.sideEffects ?? false));
  const execute = async (context: StepContext): Promise<StepOutcome> => {
    const step: StepDefinition = context.step;
    switch (step.type) {
      case "task":
        return task({ ...context, step });
      case "wait":
        return waitExecutor({ ...context, step });
      case "condition":
        return conditionExecutor({ ...context, step });
      case "external_event":
        return externalEventExecutor({ ...context, step });
      case "approval":
        return approvalExecutor({ ...context, step });
      case "llm":
        return { kind: "failed", error: "llm steps are not available in this version", retryable: false };
    }
  };
  return { execute, hasSideEffects };
}
