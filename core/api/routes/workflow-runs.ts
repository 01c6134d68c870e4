import * as z from "zod";
import { boundedJsonObject } from "../../domain/bounded-json";
import { NotFoundError, ValidationError } from "../../domain/errors";
import { refuseOtherName } from "../../domain/identity";
import { LIMITS } from "../../domain/limits";
import { CreateRunInput, WorkflowEvent, WorkflowRun, WorkflowRunWithSteps } from "../../domain/run";
import { toWorkflowRun } from "../../domain/run-view";
import { RUN_STATUSES, type RunStatus } from "../../domain/statuses";
import { triggerRunKey } from "../../domain/trigger-record";
import type { CommitDeps } from "../../engine/commit-run";
import type { Deps } from "../../ports/deps";
import { cancelRun } from "../../runs/cancel-run";
import { createRun } from "../../runs/create-run";
import { listRunEvents } from "../../runs/list-events";
import { resumeRun } from "../../runs/resume-run";
import { retryRun } from "../../runs/retry-run";
import { admitRunCreation, runQuotasSet } from "../../runs/run-quotas";
import { callerCredential } from "../caller";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok, pageEnvelope } from "../envelope";
import { PageQuery, pageMeta } from "../pagination";
import { IdParam } from "../params";
import {
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  keyedRoutes,
  lazyResponses,
} from "../router";

const tags = ["Workflow runs"];
type RunDeps = CommitDeps &
  Pick<Deps, "ids" | "config"> & { store: Pick<Deps["store"], "rateLimits" | "accounts" | "apiKeys"> };

const route = keyedRoutes(tags);

const create = route({
  method: "post",
  path: "/v1/workflow-runs",
  operationId: "createWorkflowRun",
  summary: "Start a run; with an idempotencyKey already used, the existing run is returned with 200",
  request: { body: { content: jsonContent(CreateRunInput), required: true } },
  responses: lazyResponses(() => ({
    201: { description: "Created (PENDING)", content: jsonContent(dataEnvelope(WorkflowRun)) },
    200: {
      description: "The run created earlier with this idempotencyKey",
      content: jsonContent(dataEnvelope(WorkflowRun)),
    },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

/** An instant as a query parameter, normalised to `createdAt`'s own form (UTC, milliseconds) to compare. */
const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((value) => new Date(value).toISOString())
  .optional();

const list = route({
  method: "get",
  path: "/v1/workflow-runs",
  operationId: "listWorkflowRuns",
  summary: "Runs, newest first, paginated and filtered",
  request: {
    query: PageQuery.extend({
      status: z.enum(RUN_STATUSES as [RunStatus, ...RunStatus[]]).optional(),
      definitionId: z.string().min(1).max(100).optional(),
      supersessionKey: z.string().min(1).max(255).optional(),
      triggerId: z.string().min(1).max(100).optional().meta({
        description: "Runs started by this trigger (their supersession key is `trigger:<id>`)",
      }),
      parentRunId: z.string().min(1).max(LIMITS.idChars).optional().meta({
        description:
          "The child runs (sub_workflow, parallel branches, map items) the run started; the list leaves child runs out otherwise. Takes no other filter.",
      }),
      createdAfter: instant.meta({
        description:
          "Runs created at or after this instant: ISO 8601 with `Z` or an offset, or a date (its first moment, UTC)",
        example: "2026-11-01T00:00:00Z",
      }),
      createdBefore: instant.meta({
        description:
          "Runs created before this instant (exclusive, so consecutive windows share no run); same forms as createdAfter",
        example: "2026-11-02",
      }),
      waitingFor: z.enum(["concurrency", "throttle", "debounce", "supersession"]).optional().meta({
        description:
          "PENDING runs held back by their concurrency limit, their throttle, their debounce window, or (`queue_latest`) the running run of their supersession key",
      }),
    }),
  },
  responses: lazyResponses(() => ({
    200: { description: "A page of runs", content: jsonContent(pageEnvelope(WorkflowRun)) },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

const get = route({
  method: "get",
  path: "/v1/workflow-runs/{id}",
  operationId: "getWorkflowRun",
  summary: "One run with its current step and step runs",
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: { description: "The run", content: jsonContent(dataEnvelope(WorkflowRunWithSteps)) },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

const cancel = route({
  method: "post",
  path: "/v1/workflow-runs/{id}/cancel",
  operationId: "cancelWorkflowRun",
  summary: "Cancel a live run",
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: {
      description: "Cancelled",
      content: jsonContent(
        dataEnvelope(z.object({ id: z.string(), status: z.string(), updatedAt: z.string() })),
      ),
    },
    ...errorResponses(404, 409, ...AUTHENTICATED_ERRORS),
  })),
});

const resume = route({
  method: "post",
  path: "/v1/workflow-runs/{id}/resume",
  operationId: "resumeWorkflowRun",
  summary: "Send a signal to a run waiting at an external_event step",
  request: {
    params: IdParam,
    body: {
      content: jsonContent(
        z
          .object({
            signalType: z.string().min(1).max(100),
            payload: boundedJsonObject(LIMITS.signalPayloadBytes).default({}),
          })
          .meta({ id: "ResumeInput" }),
      ),
      required: true,
    },
  },
  responses: lazyResponses(() => ({
    200: {
      description: "Resumed",
      content: jsonContent(dataEnvelope(z.object({ resumed: z.literal(true) }))),
    },
    ...errorResponses(400, 404, 409, ...AUTHENTICATED_ERRORS),
  })),
});

const retry = route({
  method: "post",
  path: "/v1/workflow-runs/{id}/retry",
  operationId: "retryWorkflowRun",
  summary: "Restart a FAILED run from its failed step",
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: {
      description: "Retrying",
      content: jsonContent(dataEnvelope(z.object({ retried: z.literal(true), stepName: z.string() }))),
    },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

const events = route({
  method: "get",
  path: "/v1/workflow-runs/{id}/events",
  operationId: "listWorkflowRunEvents",
  summary: "The run's events, oldest first, paginated",
  request: { params: IdParam, query: PageQuery },
  responses: lazyResponses(() => ({
    200: { description: "A page of events", content: jsonContent(pageEnvelope(WorkflowEvent)) },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

export function workflowRunRoutes(deps: RunDeps) {
  return createRouter<WorkspaceEnv>()
    .openapi(create, async (c) => {
      const writesAfter = c.var.keyConfirmed;
      // The quotas count with a write of their own, before the run's numbers are taken.
      if (runQuotasSet(deps.config)) await writesAfter;
      const input = c.req.valid("json");
      const startedWith = await callerCredential(deps, c);
      if (startedWith.kind === "session") refuseOtherName(startedWith.email, input.startedBy, "startedBy");
      await admitRunCreation(deps, c.var.workspaceId);
      const { run, created } = await createRun(deps, c.var.workspaceId, input, {
        startedWith,
        ...(writesAfter ? { writesAfter } : {}),
      });
      return created ? c.json(ok(toWorkflowRun(run)), 201) : c.json(ok(toWorkflowRun(run)), 200);
    })
    .openapi(list, async (c) => {
      const { page, pageSize, triggerId, ...filters } = c.req.valid("query");
      const { parentRunId, ...others } = filters;
      if (
        parentRunId !== undefined &&
        (triggerId !== undefined || Object.values(others).some((value) => value !== undefined))
      ) {
        throw new ValidationError("parentRunId lists a run's child runs and takes no other filter", {
          details: { issues: [{ path: "parentRunId", message: "combine with no other filter" }] },
        });
      }
      if (
        filters.createdAfter !== undefined &&
        filters.createdBefore !== undefined &&
        filters.createdAfter >= filters.createdBefore
      ) {
        throw new ValidationError("createdAfter must be earlier than createdBefore", {
          details: { issues: [{ path: "createdBefore", message: "must be later than createdAfter" }] },
        });
      }
      if (triggerId !== undefined) {
        if (filters.supersessionKey !== undefined)
          throw new ValidationError("Give triggerId or supersessionKey, not both");
        filters.supersessionKey = triggerRunKey(triggerId);
      }
      const result = await deps.store.runs.list(c.var.workspaceId, filters, page, pageSize);
      const data = result.items.map(toWorkflowRun);
      return c.json({ success: true as const, data, meta: pageMeta(page, pageSize, result.total) }, 200);
    })
    .openapi(get, async (c) => {
      const run = await deps.store.runs.get(c.var.workspaceId, c.req.valid("param").id);
      if (!run) throw new NotFoundError("Workflow run");
      return c.json(ok({ ...toWorkflowRun(run), steps: await deps.store.runs.stepRuns(run) }), 200);
    })
    .openapi(cancel, async (c) =>
      c.json(ok(await cancelRun(deps, c.var.workspaceId, c.req.valid("param").id)), 200),
    )
    .openapi(resume, async (c) => {
      await resumeRun(deps, c.var.workspaceId, c.req.valid("param").id, c.req.valid("json"));
      return c.json(ok({ resumed: true as const }), 200);
    })
    .openapi(retry, async (c) =>
      c.json(ok(await retryRun(deps, c.var.workspaceId, c.req.valid("param").id)), 200),
    )
    .openapi(events, async (c) => {
      const { page, pageSize } = c.req.valid("query");
      const result = await listRunEvents(deps, c.var.workspaceId, c.req.valid("param").id, page, pageSize);
      return c.json(
        { success: true as const, data: result.items, meta: pageMeta(page, pageSize, result.total) },
        200,
      );
    });
}
