import * as z from "zod";
import { LIMITS } from "./limits";
import { RunStatus } from "./statuses";

/**
 * Debounce (docs/triggers.md, "Debounce and supersession modes"): creations of one definition with the same
 * key within `periodMs` of each other collapse into one run, which starts with the last creation's input
 * once the period passes without another.
 */
export const DebounceSettings = z
  .object({
    key: z.string().min(1).max(LIMITS.debounceKeyChars).meta({
      description:
        "A template over the input (`{{input.customerId}}`); creations rendering the same key collapse",
    }),
    periodMs: z
      .number()
      .int()
      .min(LIMITS.debouncePeriodMinMs)
      .max(LIMITS.debouncePeriodMaxMs)
      .meta({ description: "The quiet period after the last creation before the run starts" }),
  })
  .meta({ id: "DebounceSettings" });
export type DebounceSettings = z.infer<typeof DebounceSettings>;

/** A PENDING run collecting debounced creations: its window, kept on the run until the run starts. */
export interface DebounceWindow {
  /** The rendered key. */
  key: string;
  periodMs: number;
  /** When the run starts unless another creation joins first (which pushes this back). */
  startAtMs: number;
  /** Creations collapsed into the run, its own included. */
  creations: number;
}

/** The key's identity in the workspace: per definition, so two workflows never collapse into each other. */
export function debounceScope(definitionId: string, key: string): string {
  return `${definitionId}#${key}`;
}

/** A creation may still join the run: it has not started, and its quiet period has not passed. */
export function debounceWindowOpen(
  run: { status: RunStatus; debounceWindow?: DebounceWindow },
  nowMs: number,
): boolean {
  const window = run.debounceWindow;
  return run.status === RunStatus.Pending && window !== undefined && nowMs < window.startAtMs;
}

/** The run's window as the API shows it. */
export const DebounceView = z
  .object({
    key: z.string(),
    periodMs: z.number().int(),
    startsAt: z.string().meta({ description: "When the run starts unless another creation joins first" }),
    creations: z.number().int().meta({ description: "Creations collapsed into this run, its own included" }),
  })
  .meta({ id: "DebounceWindow" });
