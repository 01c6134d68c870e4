import { monotonicFactory } from "ulid";

/**
 * Prefixed ULIDs: the prefix tells a reader (and a support engineer reading a log) what an id names, and
 * the ULID sorts by creation time, which the store relies on for creation-ordered sort keys.
 */
export const IdPrefix = {
  workspace: "wsp",
  apiKey: "key",
  account: "acc",
  definition: "def",
  run: "run",
  stepRun: "stp",
  event: "evt",
  approval: "apr",
  webhook: "whk",
  remoteTool: "tol",
  provider: "prv",
  request: "req",
} as const;
export type IdKind = keyof typeof IdPrefix;

export type IdGenerator = (kind: IdKind) => string;

export function createIdGenerator(): IdGenerator {
  const next = monotonicFactory();
  return (kind) => `${IdPrefix[kind]}_${next().toLowerCase()}`;
}
