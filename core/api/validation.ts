import type { z } from "zod";
import { ValidationError } from "../errors";

/**
 * A zod failure as a 400 whose `details.issues` names each bad field by its path ("steps.2.trueStep"), so a
 * client can point at the field without parsing the message.
 */
export function toValidationError(error: z.ZodError, what = "Request"): ValidationError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  const summary = issues
    .slice(0, 3)
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join("; ");
  return new ValidationError(`${what} is invalid: ${summary}`, { details: { issues } });
}
