import type { TaskStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";
import { StepError, stepErrorFields } from "../domain/step-error";
import type { HandlerRegistry } from "./handlers/handler-registry";
import { renderTemplate } from "./template";

/** `task`: fills the config's placeholders, then runs the named handler. */
export function createTaskExecutor(handlers: HandlerRegistry): StepExecutor<TaskStep> {
  return async ({ step, run, stepRun, nowMs }) => {
    const config = renderTemplate(step.config, { input: run.input, state: run.state }) as Record<
      string,
      unknown
    >;
    const input = { handler: step.handler, config };
    const handler = handlers.get(step.handler)?.run;
    if (!handler) {
      return { kind: "failed", input, error: `Unknown task handler "${step.handler}"`, retryable: false };
    }
    try {
      const result = await handler({
        config,
        state: run.state,
        workspaceId: run.workspaceId,
        runId: run.id,
        stepName: step.name,
        stepRunId: stepRun.id,
        attempt: stepRun.attempt,
        idempotencyKey: `${stepRun.id}:${stepRun.attempt}`,
        nowMs,
      });
      return { kind: "completed", input, output: result.output, mergeIntoState: result.mergeIntoState };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof StepError)) return { kind: "failed", input, error: message, retryable: true };
      return { kind: "failed", input, error: message, ...stepErrorFields(error) };
    }
  };
}
