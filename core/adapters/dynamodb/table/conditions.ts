import { ConditionalCheckFailedException, TransactionCanceledException } from "@aws-sdk/client-dynamodb";

/**
 * Conditional writes are how the store enforces uniqueness and optimistic locking; these helpers turn the
 * SDK's two failure shapes into answers the repositories can act on.
 */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException;
}

/**
 * For a cancelled transaction, each action's cancellation code in request order ("None",
 * "ConditionalCheckFailed", "TransactionConflict", ...). Undefined when the error is not a cancellation, so
 * callers rethrow what they do not understand.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? "None");
}

/**
 * True when a transaction lost to a condition or to a concurrent transaction on the same items. Both mean
 * "someone else got there first"; a racing request must get the same answer whichever of the two it hit.
 */
export function lostRace(codes: string[], actionIndex: number): boolean {
  const code = codes[actionIndex];
  return code === "ConditionalCheckFailed" || code === "TransactionConflict";
}
