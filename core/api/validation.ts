import type { z } from "zod";
import { ValidationError } from "../domain/errors";

export interface FieldIssue {
  path: string;
  message: string;
}

/** One issue per bad field; an unknown-keys issue becomes one per unknown key, so each typo is named. */
function toFieldIssues(issue: z.core.$ZodIssue): FieldIssue[] {
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({ path: [...path, key].join("."), message: `Unknown field "${key}"` }));
  }
  return [{ path: path.join("."), message: issue.message }];
}

/**
 * A zod failure as a 400 whose `details.issues` names each bad field by its path ("steps.2.trueStep"), so a
 * client can point at the field without parsing the message.
 */
export function toValidationError(error: z.ZodError, what = "Request"): ValidationError {
  const issues = error.issues.flatMap(toFieldIssues);
  const summary = issues
    .slice(0, 3)
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join("; ");
  return new ValidationError(`${what} is invalid: ${summary}`, { details: { issues } });
}
