import * as z from "zod";
import { StepError } from "../../domain/step-error";
import type { TaskHandler } from "./task-handler";

/** `noop`: does nothing, successfully. The benchmark's unit of work. */
export const noopHandler: TaskHandler = async () => ({ output: {} });

const SetStateConfig = z.object({ values: z.record(z.string(), z.unknown()) });

/** `set_state`: merges `values` (already templated) into the top level of the workflow state. */
export const setStateHandler: TaskHandler = async ({ config }) => {
  const parsed = SetStateConfig.safeParse(config);
  if (!parsed.success) {
    throw new StepError("HANDLER_CONFIG", "set_state needs config.values, an object", { retryable: false });
  }
  return { output: parsed.data.values, mergeIntoState: true };
};

/** `fail`: always fails the attempt, with the configured error; for testing retry policies and alerts. */
export const failHandler: TaskHandler = async ({ config }) => {
  const error =
    typeof config.error === "string" && config.error ? config.error : "failed by the fail handler";
  throw new StepError("FAIL_HANDLER", error, { retryable: true });
};
