import type { AgentStep, LlmStep, StepDefinition } from "../domain/step";
import type { StepContext, StepExecutor, StepRunner } from "../domain/step-context";
import type { StepOutcome } from "../domain/step-outcome";
import type { DefinitionStore } from "../ports/store";
import { approvalExecutor } from "./approval";
import { createSubWorkflowExecutor, mapExecutor, parallelExecutor } from "./child-steps";
import { conditionExecutor } from "./condition";
import { externalEventExecutor } from "./external-event";
import type { HandlerRegistry } from "./handlers/handler-registry";
import { createTaskExecutor } from "./task";
import { waitExecutor } from "./wait";

/**
 * One executor per step type, chosen by the step's `type`. The llm and agent executors are passed in
 * assembled (core/llm/build-llm-step.ts): they need the model providers, keys and tools, which the others do
 * not; a sub_workflow step reads the definitions to resolve a workflow it names by name.
 */
export function createStepRunner(
  handlers: HandlerRegistry,
  definitions: Pick<DefinitionStore, "latest">,
  models?: { llm: StepExecutor<LlmStep>; agent?: StepExecutor<AgentStep> },
): StepRunner {
  const task = createTaskExecutor(handlers);
  const subWorkflow = createSubWorkflowExecutor(definitions);
  const hasSideEffects = (step: StepDefinition) =>
    step.type === "llm" ||
    step.type === "agent" ||
    (step.type === "task" && (handlers.get(step.handler)?.sideEffects ?? false));
  const unconfigured = (type: string): StepOutcome => ({
    kind: "failed",
    error: `${type} steps are not configured in this process`,
    retryable: false,
  });
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
        return models ? models.llm({ ...context, step }) : unconfigured("llm");
      case "agent":
        return models?.agent ? models.agent({ ...context, step }) : unconfigured("agent");
      case "parallel":
        return parallelExecutor({ ...context, step });
      case "map":
        return mapExecutor({ ...context, step });
      case "sub_workflow":
        return subWorkflow({ ...context, step });
    }
  };
  return { execute, hasSideEffects };
}
