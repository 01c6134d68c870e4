import * as z from "zod";
import { boundedJsonObject } from "./bounded-json";
import { cronLibrary } from "./cron-library";
import { LIMITS } from "./limits";
import { isKnownTimezone } from "./time";
import { TriggerStatus } from "./trigger-status";

/**
 * Triggers start runs of a definition without a caller: on a cron schedule, or when the workspace sends an
 * event (docs/triggers.md). A trigger is the truth its schedule's fires and the events are checked against.
 * The schemas of what the API accepts and answers are here; the record as stored, and what the store and
 * the engine need of it, are in trigger-record.ts.
 */

/** What a cron fire does while an earlier run of the trigger is still live. */
export const Overlap = z.enum(["allow", "skip", "supersede"]);
/** What happens to fires that were due while the service could not fire them. */
export const CatchUp = z.enum(["none", "latest"]);

const Scalar = z.union([z.string().max(LIMITS.eventFilterValueChars), z.number(), z.boolean(), z.null()]);
const FILTER_PATH = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/** `{"customer.plan": "pro", "region": {"in": ["eu", "us"]}}`: every path must match (docs/triggers.md). */
export const EventFilter = z
  .record(
    z
      .string()
      .max(LIMITS.eventFilterPathChars)
      .regex(FILTER_PATH, "a dot-separated path of letters, digits, _ and -"),
    z.union([Scalar, z.strictObject({ in: z.array(Scalar).min(1).max(LIMITS.eventFilterInValues) })]),
  )
  .refine((filter) => Object.keys(filter).length <= LIMITS.eventFilterPaths, {
    message: `at most ${LIMITS.eventFilterPaths} paths`,
  });
export type EventFilter = z.infer<typeof EventFilter>;

export const EVENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:/-]*$/;
const EventName = z
  .string()
  .max(LIMITS.eventNameChars)
  .regex(EVENT_NAME, "letters, digits and _ . : / -, starting with a letter or digit");

const DefinitionId = z.string().min(1).max(100);

export const CreateCronTrigger = z
  .strictObject({
    type: z.literal("cron"),
    definitionId: DefinitionId,
    cron: z
      .string()
      .max(LIMITS.cronChars)
      .superRefine((cron, ctx) =>
        cronLibrary.use(({ cronProblem }) => {
          const problem = cronProblem(cron);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
      )
      .meta({
        description: "Five fields: minute hour day-of-month month day-of-week",
        example: "0 9 * * 1-5",
      }),
    timezone: z
      .string()
      .default("UTC")
      .refine(isKnownTimezone, { message: "must be an IANA time zone, such as Europe/Paris" }),
    input: boundedJsonObject(LIMITS.runInputBytes).default({}),
    overlap: Overlap.default("allow"),
    catchUp: CatchUp.default("none"),
  })
  .meta({ id: "CreateCronTriggerInput" });

export const CreateEventTrigger = z
  .strictObject({
    type: z.literal("event"),
    definitionId: DefinitionId,
    eventName: EventName,
    filter: EventFilter.optional(),
  })
  .meta({ id: "CreateEventTriggerInput" });

export const CreateTriggerInput = z
  .discriminatedUnion("type", [CreateCronTrigger, CreateEventTrigger])
  .meta({ id: "CreateTriggerInput" });
export type CreateTriggerInput = z.infer<typeof CreateTriggerInput>;

export const UpdateTriggerInput = z
  .strictObject({ status: z.enum([TriggerStatus.Active, TriggerStatus.Paused]) })
  .meta({ id: "UpdateTriggerInput" });

export type CronTriggerSpec = z.infer<typeof CreateCronTrigger>;

const TriggerState = z.object({
  id: z.string(),
  workspaceId: z.string(),
  status: z.enum([TriggerStatus.Active, TriggerStatus.Paused]),
  lastFireAt: z.string().nullable(),
  lastRunId: z.string().nullable(),
  lastSkipReason: z.string().nullable().meta({
    description:
      "Why the latest fire handled started no run (`overlap: skip`, a quota); null when it started one",
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The API's trigger: the record without its bookkeeping, and, for an active cron trigger, its next fire. */
export const Trigger = z
  .union([
    CreateCronTrigger.extend(TriggerState.shape)
      .extend({ nextFireAt: z.string().nullable() })
      .meta({ id: "CronTrigger" }),
    CreateEventTrigger.extend(TriggerState.shape).meta({ id: "EventTrigger" }),
  ])
  .meta({ id: "Trigger" });
export type Trigger = z.infer<typeof Trigger>;

export const SendEventInput = z
  .strictObject({
    name: EventName,
    payload: boundedJsonObject(LIMITS.eventPayloadBytes).default({}),
    id: z
      .string()
      .min(1)
      .max(LIMITS.eventIdChars)
      .optional()
      .meta({ description: "Makes sending idempotent: an id seen in the last 24 hours starts no run" }),
  })
  .meta({ id: "SendEventInput" });
export type SendEventInput = z.infer<typeof SendEventInput>;
