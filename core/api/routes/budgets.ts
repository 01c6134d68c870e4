import * as z from "zod";
import { readWorkspaceBudget, removeWorkspaceBudget, setWorkspaceBudget } from "../../cost/workspace-budget";
import { WorkspaceBudget } from "../../domain/budget";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
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

/** What the budget routes answer: documented, never validated, so built with /openapi.json (lazyResponses). */
const answers = builtOnce(() => {
  const BudgetView = z
    .object({
      budget: WorkspaceBudget.nullable(),
      month: z.string().meta({ description: "The calendar month (UTC), YYYY-MM" }),
      spentUsd: z.number(),
      spentTokens: z.number().int(),
      reservedUsd: z
        .number()
        .meta({ description: "Claimed by calls under way (or lost with a crashed worker)" }),
      reservedTokens: z.number().int(),
    })
    .meta({ id: "BudgetView" });

  return { BudgetView };
});

const getRoute = route({
  method: "get",
  path: "/v1/budgets",
  operationId: "getBudget",
  summary: "The workspace's monthly LLM budget and the month's spend so far",
  responses: lazyResponses(() => ({
    200: { description: "The budget", content: jsonContent(dataEnvelope(answers().BudgetView)) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

const putRoute = route({
  method: "put",
  path: "/v1/budgets",
  operationId: "putBudget",
  summary: "Sets the workspace's monthly LLM budget: a call that would cross it fails with BUDGET_EXCEEDED",
  request: { body: { content: jsonContent(WorkspaceBudget), required: true } },
  responses: lazyResponses(() => ({
    200: { description: "The budget", content: jsonContent(dataEnvelope(answers().BudgetView)) },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

const deleteRoute = route({
  method: "delete",
  path: "/v1/budgets",
  operationId: "deleteBudget",
  summary: "Removes the workspace's monthly LLM budget",
  responses: lazyResponses(() => ({
    204: { description: "Removed (or there was none)" },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

export function budgetRoutes(deps: Pick<Deps, "store" | "clock" | "log" | "random">) {
  return createRouter<WorkspaceEnv>()
    .openapi(getRoute, async (c) => c.json(ok(await readWorkspaceBudget(deps, c.var.workspaceId)), 200))
    .openapi(putRoute, async (c) =>
      c.json(ok(await setWorkspaceBudget(deps, c.var.workspaceId, c.req.valid("json"))), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await removeWorkspaceBudget(deps, c.var.workspaceId);
      return c.body(null, 204);
    });
}
