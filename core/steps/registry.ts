import type { StepDefinition } from "../domain/step";
import type { StepOutcome } from "../engine/step-outcome";
import { approvalExecutor } from "./approval";
import { conditionExecutor } from "./condition";
import { externalEventExecutor } from "./external-event";
import type { HandlerRegistry } from "./handlers/registry";
import type { StepContext } from "./step-context";
import { createTaskExecutor } from "./task";
import { waitExecutor } from "./wait";

export type ExecuteStep = (context: StepContext) => Promise<StepOutcome>;

/** One executor per step type, chosen by the step's `type`. */
export function createStepExecutor(handlers: HandlerRegistry): ExecuteStep {
  const task = createTaskExecutor(handlers);
  return async (context) => {
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
}
