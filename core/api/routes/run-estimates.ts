import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { RunBudget } from "../../domain/budget";
import { CreateRunInput } from "../../domain/run";
import { estimateRun } from "../../llm/estimate-run";
import { workspaceModels } from "../../llm/workspace-models";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  builtOnce,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

/** What the estimate route answers: documented, never validated, so built with /openapi.json (lazyResponses). */
const answers = builtOnce(() => {
  const Range = z.object({ min: z.number(), max: z.number() });
  const Verdict = z.enum(["within", "may-exceed", "exceeds"]);

  const RunEstimate = z
    .object({
      definitionId: z.string(),
      valid: z.boolean().meta({ description: "False when a run would fail for a reason found here" }),
      problems: z.array(z.object({ stepName: z.string(), field: z.string(), message: z.string() })),
      steps: z.array(
        z.object({
          stepName: z.string(),
          model: z.string(),
          provider: z.string().nullable(),
          inputTokens: Range,
          outputTokens: Range,
          costUsd: Range,
          maxCalls: z.number().int(),
          priced: z.boolean(),
        }),
      ),
      total: z.object({ inputTokens: Range, outputTokens: Range, costUsd: Range }),
      budget: z.object({
        run: z
          .object({ maxCostUsd: z.number().nullable(), maxTokens: z.number().nullable(), verdict: Verdict })
          .nullable(),
        workspace: z
          .object({
            remainingUsd: z.number().nullable(),
            remainingTokens: z.number().nullable(),
            verdict: Verdict,
          })
          .nullable(),
      }),
    })
    .meta({ id: "RunEstimate" });

  return { RunEstimate };
});

const EstimateInput = CreateRunInput.pick({ definitionId: true, input: true })
  .extend({
    budget: RunBudget.optional(),
  })
  .meta({ id: "EstimateInput" });

const estimateRoute = createRoute({
  method: "post",
  path: "/v1/workflow-runs/estimate",
  operationId: "estimateRun",
  tags: ["Workflow runs"],
  security: API_KEY_SECURITY,
  summary: "Dry run: what a run would need and may cost, checked against the workspace, without starting it",
  request: { body: { content: jsonContent(EstimateInput), required: true } },
  responses: lazyResponses(() => ({
    200: { description: "The estimate", content: jsonContent(dataEnvelope(answers().RunEstimate)) },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

export function runEstimateRoutes(deps: Pick<Deps, "config" | "store" | "keyVault" | "clock" | "http">) {
  const estimateDeps = { ...workspaceModels(deps), store: deps.store };
  return createRouter<WorkspaceEnv>().openapi(estimateRoute, async (c) =>
    c.json(ok(await estimateRun(estimateDeps, c.var.workspaceId, c.req.valid("json"))), 200),
  );
}
