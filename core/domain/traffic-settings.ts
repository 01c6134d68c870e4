import * as z from "zod";
import { LIMITS } from "./limits";
import { DEFAULT_PRIORITY, MAX_PRIORITY } from "./run-slots";

/**
 * What a definition or a creation may say about when its runs start (docs/triggers.md, "Concurrency, priority
 * and throttle"). Keys may be templates over the run's input (`{{input.customerId}}`), rendered at creation.
 */
const key = z.string().min(1).max(LIMITS.concurrencyKeyChars);

export const ConcurrencySetting = z
  .strictObject({
    limit: z.int().min(1).max(LIMITS.concurrencyLimit).meta({
      description:
        "At most this many runs of one key are started and unfinished at once; the rest wait PENDING",
    }),
    key: key.optional().meta({
      description:
        "A template over the input (e.g. {{input.customerId}}): runs rendering the same key share the limit. Absent: all the definition's runs",
    }),
  })
  .meta({ id: "ConcurrencySetting" });
export type ConcurrencySetting = z.infer<typeof ConcurrencySetting>;

export const ThrottleSetting = z
  .strictObject({
    limit: z.int().min(1).max(LIMITS.throttleLimit).meta({ description: "Starts allowed in any period" }),
    periodMs: z.int().min(LIMITS.throttlePeriodMinMs).max(LIMITS.throttlePeriodMaxMs),
    key: key.optional().meta({
      description:
        "A template over the input; runs rendering the same key share the throttle. Absent: all the definition's runs",
    }),
  })
  .meta({ id: "ThrottleSetting" });
export type ThrottleSetting = z.infer<typeof ThrottleSetting>;

export const Priority = z
  .int()
  .min(0)
  .max(MAX_PRIORITY)
  .meta({
    description: `0–${MAX_PRIORITY}, higher first, among runs waiting for the same concurrency slot (default ${DEFAULT_PRIORITY})`,
  });
