import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { boundedJsonObject } from "../../domain/bounded-json";
import { LIMITS } from "../../domain/limits";
import { WorkflowRun } from "../../domain/run";
import { toWorkflowRun } from "../../domain/run-view";
import { LIVE_RUN_STATUSES, RUN_STATUSES, type RunStatus } from "../../domain/statuses";
import type { CommitDeps } from "../../engine/commit-run";
import type { Deps } from "../../ports/deps";
import { migrateRuns } from "../../runs/migrate-runs";
import { rerunRun } from "../../runs/rerun-run";
import { admitRunCreation } from "../../runs/run-quotas";
import { upgradeRun } from "../../runs/upgrade-run";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { IdParam } from "../params";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  builtOnce,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const RerunInput = z
  .object({
    fromStep: z.string().min(1).max(100).meta({ description: "The step the new run starts at" }),
    input: boundedJsonObject(LIMITS.runInputBytes)
      .optional()
      .meta({ description: "The new run's input; the source's when absent" }),
    statePatch: boundedJsonObject(LIMITS.stateBytes)
      .optional()
      .meta({ description: "Top-level state keys set over the state the copied steps left" }),
    definitionId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "Another version of the same workflow to run on; the source's when absent" }),
    idempotencyKey: z.string().min(1).max(255).optional(),
  })
  .meta({ id: "RerunInput" });

/** What the upgrade routes answer: documented, never validated, so built with /openapi.json (lazyResponses). */
const answers = builtOnce(() => {
  const Incompatibility = z
    .object({
      kind: z.enum(["current_step_missing", "next_step_missing", "step_type_changed", "state_key_unwritten"]),
      stepName: z.string(),
      key: z.string().optional(),
      from: z.string().optional(),
      to: z.string().optional(),
      message: z.string(),
    })
    .meta({ id: "UpgradeIncompatibility" });

  const UpgradeOutcome = z.enum(["landed", "pending", "unchanged", "compatible", "incompatible"]).meta({
    description:
      "landed: follows the new version now; pending: will when its active step ends; unchanged: already does; " +
      "compatible / incompatible: a dry run's verdict",
  });

  const UpgradeReport = z
    .object({
      runId: z.string(),
      fromDefinitionId: z.string(),
      toDefinitionId: z.string(),
      outcome: UpgradeOutcome,
      incompatibilities: z.array(Incompatibility),
    })
    .meta({ id: "UpgradeReport" });

  return { Incompatibility, UpgradeOutcome, UpgradeReport };
});

const LiveStatus = z.enum(LIVE_RUN_STATUSES as [RunStatus, ...RunStatus[]]);

const route = <R extends Parameters<typeof createRoute>[0]>(config: R) =>
  createRoute({ ...config, security: API_KEY_SECURITY });

const rerun = route({
  method: "post",
  path: "/v1/workflow-runs/{id}/rerun",
  operationId: "rerunWorkflowRun",
  tags: ["Workflow runs"],
  summary: "Start a new run from a step of an ended run: the steps before it copied, not executed again",
  request: { params: IdParam, body: { content: jsonContent(RerunInput), required: true } },
  responses: lazyResponses(() => ({
    201: { description: "The new run (PENDING)", content: jsonContent(dataEnvelope(WorkflowRun)) },
    200: {
      description: "The run created earlier with this idempotencyKey",
      content: jsonContent(dataEnvelope(WorkflowRun)),
    },
    ...errorResponses(400, 404, 409, ...AUTHENTICATED_ERRORS),
  })),
});

const upgrade = route({
  method: "post",
  path: "/v1/workflow-runs/{id}/upgrade",
  operationId: "upgradeWorkflowRun",
  tags: ["Workflow runs"],
  summary: "Move a live run to another version of its workflow at its next step boundary, if compatible",
  request: {
    params: IdParam,
    body: {
      content: jsonContent(
        z
          .object({
            definitionId: z.string().min(1).max(100),
            dryRun: z.boolean().default(false).meta({ description: "Check only; 200 with the verdict" }),
            continueAt: z.string().min(1).max(100).optional().meta({
              description:
                "A step of the new version where the run continues once its current step ends (at once between steps), whatever that step would choose; the check then no longer reports where the run would have gone (current_step_missing, next_step_missing)",
            }),
          })
          .meta({ id: "UpgradeInput" }),
      ),
      required: true,
    },
  },
  responses: lazyResponses(() => ({
    200: {
      description: "Upgraded, pending, or a dry run's report",
      content: jsonContent(dataEnvelope(answers().UpgradeReport)),
    },
    ...errorResponses(400, 404, 409, ...AUTHENTICATED_ERRORS),
  })),
});

const migrate = route({
  method: "post",
  path: "/v1/workflow-definitions/{id}/migrate-runs",
  operationId: "migrateWorkflowRuns",
  tags: ["Workflow definitions"],
  summary: `Upgrade the live runs created on this definition to another version, a page of ${LIMITS.migrateRunsPerRequest} runs per request`,
  request: {
    params: IdParam,
    body: {
      content: jsonContent(
        z
          .object({
            toDefinitionId: z.string().min(1).max(100),
            statuses: z.array(LiveStatus).min(1).max(RUN_STATUSES.length).optional().meta({
              description: "Which live runs to move; all live statuses when absent",
            }),
            dryRun: z.boolean(),
            page: z
              .int()
              .min(1)
              .default(1)
              .meta({ description: "The page of the definition's runs, newest first" }),
          })
          .meta({ id: "MigrateRunsInput" }),
      ),
      required: true,
    },
  },
  responses: lazyResponses(() => ({
    200: {
      description: "A report per run of the page",
      content: jsonContent(
        dataEnvelope(
          z
            .object({
              page: z.number(),
              pageSize: z.number(),
              total: z.number().meta({ description: "Runs created on the definition, of every status" }),
              hasMore: z.boolean(),
              results: z.array(
                z.object({
                  runId: z.string(),
                  status: z.enum(RUN_STATUSES as [RunStatus, ...RunStatus[]]),
                  fromDefinitionId: z.string(),
                  outcome: z.union([answers().UpgradeOutcome, z.literal("refused")]),
                  incompatibilities: z.array(answers().Incompatibility),
                  error: z.string().optional(),
                }),
              ),
            })
            .meta({ id: "MigrationReport" }),
        ),
      ),
    },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

export function runVersionRoutes(
  deps: CommitDeps & Pick<Deps, "ids" | "config"> & { store: Pick<Deps["store"], "rateLimits"> },
) {
  return createRouter<WorkspaceEnv>()
    .openapi(rerun, async (c) => {
      await admitRunCreation(deps, c.var.workspaceId);
      const { run, created } = await rerunRun(
        deps,
        c.var.workspaceId,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return created ? c.json(ok(toWorkflowRun(run)), 201) : c.json(ok(toWorkflowRun(run)), 200);
    })
    .openapi(upgrade, async (c) =>
      c.json(
        ok(await upgradeRun(deps, c.var.workspaceId, c.req.valid("param").id, c.req.valid("json"))),
        200,
      ),
    )
    .openapi(migrate, async (c) =>
      c.json(
        ok(await migrateRuns(deps, c.var.workspaceId, c.req.valid("param").id, c.req.valid("json"))),
        200,
      ),
    );
}
