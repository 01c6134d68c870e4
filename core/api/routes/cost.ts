import * as z from "zod";
import { dailyCost, MAX_DAILY_RANGE_DAYS } from "../../cost/cost-daily";
import { costSummary, runCost } from "../../cost/cost-summary";
import { ValidationError } from "../../domain/errors";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { IdParam } from "../params";
import {
  AUTHENTICATED_ERRORS,
  builtOnce,
  createRouter,
  errorResponses,
  jsonContent,
  keyedRoutes,
  lazyResponses,
} from "../router";

const tags = ["Cost"];

const route = keyedRoutes(tags);

/** What the cost routes answer: documented, never validated, so built with /openapi.json (lazyResponses). */
const answers = builtOnce(() => {
  const CallCost = z.object({
    stepName: z.string(),
    model: z.string(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    costUsd: z.number(),
    createdAt: z.string(),
    workflowRunId: z
      .string()
      .optional()
      .meta({ description: "A call of one of the run's child runs (docs/flow.md): that run" }),
  });

  const Breakdown = {
    costUsd: z.number(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    calls: z.number().int(),
    wastedCostUsd: z.number().meta({
      description: "Paid for answers that were not used: failed attempts, repairs, failed fallbacks",
    }),
  };

  const RunCost = z
    .object({
      workflowRunId: z.string(),
      totalCostUsd: z.number(),
      totalInputTokens: z.number().int(),
      totalOutputTokens: z.number().int(),
      wastedCostUsd: z.number().optional().meta({ description: "With ?breakdown=true" }),
      byStep: z
        .array(z.object({ stepName: z.string(), ...Breakdown }))
        .optional()
        .meta({ description: "With ?breakdown=true: cost per step, retries and fallbacks included" }),
      calls: z.array(CallCost),
    })
    .meta({ id: "RunCost" });

  const ModelCost = z.object({
    model: z.string(),
    costUsd: z.number(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    calls: z.number().int(),
  });

  const Summary = z
    .object({
      workspaceId: z.string(),
      from: z.string(),
      to: z.string(),
      totalCostUsd: z.number(),
      totalInputTokens: z.number().int(),
      totalOutputTokens: z.number().int(),
      totalRuns: z.number().int(),
      wastedCostUsd: Breakdown.wastedCostUsd,
      byModel: z.array(ModelCost),
      byDefinition: z.array(
        z.object({
          definitionId: z.string().nullable().meta({ description: "null: calls recorded before 2026-11-24" }),
          ...Breakdown,
        }),
      ),
      byStep: z.array(z.object({ definitionId: z.string().nullable(), stepName: z.string(), ...Breakdown })),
    })
    .meta({ id: "CostSummary" });

  const DailyCost = z
    .object({
      from: z.string(),
      to: z.string(),
      days: z.array(
        z.object({
          date: z.string().meta({ description: "The UTC day, YYYY-MM-DD" }),
          totalCostUsd: z.number(),
          byModel: z.array(ModelCost),
        }),
      ),
    })
    .meta({ id: "DailyCost" });

  return { RunCost, Summary, DailyCost };
});

const timestamp = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .optional()
  .meta({ description: "ISO 8601 timestamp, or a date (a whole UTC day); inclusive" });

/** A bare date means its whole UTC day: from its first millisecond, to its last. */
function bound(value: string | undefined, edge: "start" | "end"): string | undefined {
  if (value === undefined || value.includes("T")) return value;
  return `${value}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z`;
}

const runCostRoute = route({
  method: "get",
  path: "/v1/workflow-runs/{id}/cost",
  operationId: "getRunCost",
  summary: "The run's model calls with their tokens and cost, oldest first",
  request: {
    params: IdParam,
    query: z.object({
      breakdown: z
        .enum(["true", "false"])
        .optional()
        .meta({ description: "true: add wastedCostUsd and byStep (the spec's shape without)" }),
    }),
  },
  responses: lazyResponses(() => ({
    200: { description: "The run's cost", content: jsonContent(dataEnvelope(answers().RunCost)) },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

const summaryRoute = route({
  method: "get",
  path: "/v1/cost/summary",
  operationId: "getCostSummary",
  summary: "The workspace's cost over a time range, by model, with the number of runs that made calls",
  request: { query: z.object({ from: timestamp, to: timestamp }) },
  responses: lazyResponses(() => ({
    200: { description: "The summary", content: jsonContent(dataEnvelope(answers().Summary)) },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

const day = (description: string) => z.iso.date().meta({ description });

const dailyRoute = route({
  method: "get",
  path: "/v1/cost/daily",
  operationId: "getDailyCost",
  summary: "The workspace's cost per UTC day and model over a range of whole days, every day listed",
  description:
    `\`from\` and \`to\` are inclusive dates; the range covers at most ${MAX_DAILY_RANGE_DAYS} days. ` +
    "Days are listed oldest first, a day without calls with `totalCostUsd` 0 and an empty `byModel`.",
  request: {
    query: z.object({
      from: day("First day, YYYY-MM-DD (UTC), inclusive"),
      to: day("Last day, YYYY-MM-DD (UTC), inclusive"),
    }),
  },
  responses: lazyResponses(() => ({
    200: { description: "The cost of each day", content: jsonContent(dataEnvelope(answers().DailyCost)) },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

export function costRoutes(deps: Pick<Deps, "store" | "clock" | "log" | "random">) {
  return createRouter<WorkspaceEnv>()
    .openapi(runCostRoute, async (c) =>
      c.json(
        ok(
          await runCost(deps, c.var.workspaceId, c.req.valid("param").id, {
            breakdown: c.req.valid("query").breakdown === "true",
          }),
        ),
        200,
      ),
    )
    .openapi(summaryRoute, async (c) => {
      const query = c.req.valid("query");
      const range = { from: bound(query.from, "start"), to: bound(query.to, "end") };
      if (
        range.from !== undefined &&
        range.to !== undefined &&
        Date.parse(range.from) > Date.parse(range.to)
      ) {
        throw new ValidationError("Query is invalid: from: must not be after to", {
          details: { issues: [{ path: "from", message: "must not be after to" }] },
        });
      }
      return c.json(ok(await costSummary(deps, c.var.workspaceId, range)), 200);
    })
    .openapi(dailyRoute, async (c) =>
      c.json(ok(await dailyCost(deps, c.var.workspaceId, c.req.valid("query"))), 200),
    );
}
