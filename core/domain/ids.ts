import { decodeTime, monotonicFactory } from "ulid";

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
  mcpServer: "mcp",
  provider: "prv",
  trigger: "trg",
  /** An event sent to POST /v1/events without an id of its own. */
  sentEvent: "sev",
  request: "req",
} as const;
export type IdKind = keyof typeof IdPrefix;

export type IdGenerator = (kind: IdKind) => string;

export function createIdGenerator(): IdGenerator {
  const next = monotonicFactory();
  return (kind) => `${IdPrefix[kind]}_${next().toLowerCase()}`;
}

/** When an id was made (its ULID's time), or undefined for an id that is not `<prefix>_<ulid>`. */
export function idCreatedAtMs(id: string): number | undefined {
  try {
    return decodeTime(id.slice(id.indexOf("_") + 1).toUpperCase());
  } catch {
    return undefined;
  }
}
