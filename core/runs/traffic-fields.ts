import { ValidationError } from "../domain/errors";
import { LIMITS } from "../domain/limits";
import type { NewRunFields } from "../domain/new-run";
import type { CreateRunInput } from "../domain/run";
import { supersessionSlot } from "../domain/run-slots";
import type { StoredWorkflowDefinition } from "../domain/workflow-definition-record";
import { renderKey as renderKeyTemplate } from "./render-key";

/**
 * A new run's priority, concurrency slot and throttle (docs/triggers.md, "Concurrency, priority and
 * throttle"), from its creation and its definition: a creation's `concurrencyKey` and `throttle` win over the
 * definition's templates, which render over the input here, once. Slots and throttles are the definition's:
 * their keys are scoped by its id, so two definitions never share one by accident of naming.
 *
 * A `queue_latest` creation's slot is its supersession key's instead (one run started at a time, across
 * definitions, as supersession is): a run has one slot, so a definition with a concurrency limit refuses it.
 */
export function trafficFields(
  definition: StoredWorkflowDefinition,
  input: CreateRunInput,
): NewRunFields["admission"] {
  const { concurrency } = definition;
  if (input.concurrencyKey !== undefined && !concurrency) {
    throw new ValidationError("concurrencyKey needs a definition that declares concurrency", {
      details: { issues: [{ path: "concurrencyKey", message: "the definition has no concurrency limit" }] },
    });
  }
  // create-run.ts refused a mode without a supersession key already.
  const queuedOn = input.supersedeMode === "queue_latest" ? input.supersessionKey : undefined;
  if (queuedOn !== undefined && concurrency) {
    throw new ValidationError(
      "supersedeMode queue_latest cannot be combined with the definition's concurrency limit (a run waits for one slot)",
      {
        details: {
          issues: [
            { path: "supersedeMode", message: "the definition declares concurrency; use another mode" },
          ],
        },
      },
    );
  }
  const throttle = input.throttle ?? definition.throttle;
  const concurrencyKey =
    concurrency && (input.concurrencyKey ?? renderKey(concurrency.key, input, "concurrency.key"));
  return {
    ...(input.priority === undefined ? {} : { priority: input.priority }),
    ...(concurrency && concurrencyKey !== undefined
      ? {
          slot: { key: `concurrency:${definition.id}:${concurrencyKey}`, limit: concurrency.limit },
          concurrencyKey,
        }
      : {}),
    ...(queuedOn === undefined ? {} : { slot: supersessionSlot(queuedOn) }),
    ...(throttle
      ? {
          throttle: {
            key: `throttle:${definition.id}:${renderKey(throttle.key, input, "throttle.key")}`,
            limit: throttle.limit,
            periodMs: throttle.periodMs,
          },
        }
      : {}),
  };
}

/** A definition's key template rendered over the creation's input (400 past the bound). */
function renderKey(template: string | undefined, input: CreateRunInput, path: string): string {
  if (template === undefined) return "";
  const text = renderKeyTemplate(template, input.input, LIMITS.concurrencyKeyChars);
  if (text === undefined) {
    throw new ValidationError(
      `The definition's ${path} renders to more than ${LIMITS.concurrencyKeyChars} characters`,
      {
        details: { issues: [{ path: "input", message: `${path} renders too long` }] },
      },
    );
  }
  return text;
}
