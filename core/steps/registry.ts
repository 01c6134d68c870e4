import type { LlmStep, StepDefinition } from "../domain/step";
import type { StepOutcome } from "../engine/step-outcome";
import { approvalExecutor } from "./approval";
import { conditionExecutor } from "./condition";
import { externalEventExecutor } from "./external-event";
import type { HandlerRegistry } from "./handlers/registry";
import type { StepContext, StepExecutor } from "./step-context";
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

/**
 * One executor per step type, chosen by the step's `type`. The llm executor is passed in assembled
 * (core/llm/build-llm-step.ts): it needs the model providers, keys and tools, which the others do not.
 */
export function createStepRunner(handlers: HandlerRegistry, llm?: StepExecutor<LlmStep>): StepRunner {
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
        if (!llm)
          return { kind: "failed", error: "llm steps are not configured in this process", retryable: false };
        return llm({ ...context, step });
    }
  };
  return { execute, hasSideEffects };
}
