import { ValidationError } from "../domain/errors";
import { LIMITS } from "../domain/limits";
import type { NewRunFields } from "../domain/new-run";
import type { CreateRunInput } from "../domain/run";
import type { StoredWorkflowDefinition } from "../domain/workflow-definition-record";
import { renderKey as renderKeyTemplate } from "./render-key";

/**
 * A new run's priority, concurrency slot and throttle (docs/triggers.md, "Concurrency, priority and
 * throttle"), from its creation and its definition: a creation's `concurrencyKey` and `throttle` win over the
 * definition's templates, which render over the input here, once. Slots and throttles are the definition's:
 * their keys are scoped by its id, so two definitions never share one by accident of naming.
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
