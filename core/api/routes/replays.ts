import { monotonicFactory } from "ulid";
import * as z from "zod";
import { NotFoundError } from "../../domain/errors";
import { loadOnce } from "../../domain/load-once";
import { ReplayInput } from "../../domain/replay";
import { createProviders } from "../../llm/resolve-provider";
import { workspaceModels } from "../../llm/workspace-models";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { ResourceId } from "../params";
import {
  AUTHENTICATED_ERRORS,
  builtOnce,
  createRouter,
  errorResponses,
  jsonContent,
  keyedRoutes,
  lazyResponses,
} from "../router";

/** A replay answers within the API function's 30 s, whatever LLM_TIMEOUT_MS gives the engine's calls. */
const REPLAY_TIMEOUT_MS = 25_000;
const LISTED = 100;

const tags = ["Workflow runs"];
const route = keyedRoutes(tags);

const StepParams = z.object({ id: ResourceId, stepName: z.string().min(1).max(100) });

/** What the replay routes answer: documented, never validated, so built with /openapi.json (lazyResponses). */
const answers = builtOnce(() => {
  const Figures = z.object({
    model: z.string(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    costUsd: z.number(),
  });

  const StepReplay = z
    .object({
      id: z.string(),
      workflowRunId: z.string(),
      stepName: z.string(),
      stepRunId: z.string(),
      overrides: ReplayInput,
      text: z.string().nullable(),
      json: z.record(z.string(), z.unknown()).nullable(),
      error: z.string().nullable(),
      passedChecks: z.boolean(),
      answer: Figures.nullable(),
      original: Figures.extend({ text: z.string().nullable() }),
      diff: z.object({ format: z.enum(["text", "json"]), patch: z.string().nullable() }).nullable(),
      createdAt: z.string(),
    })
    .meta({ id: "StepReplay" });

  return { StepReplay };
});

const replayRoute = route({
  method: "post",
  path: "/v1/workflow-runs/{id}/steps/{stepName}/replay",
  operationId: "replayStep",
  summary: "Make an llm step's recorded call again, with another model or prompt, without changing the run",
  request: { params: StepParams, body: { content: jsonContent(ReplayInput), required: true } },
  responses: lazyResponses(() => ({
    201: {
      description: "The replay, with both answers' cost and a diff",
      content: jsonContent(dataEnvelope(answers().StepReplay)),
    },
    ...errorResponses(400, 404, 409, ...AUTHENTICATED_ERRORS),
  })),
});

const listRoute = route({
  method: "get",
  path: "/v1/workflow-runs/{id}/steps/{stepName}/replays",
  operationId: "listStepReplays",
  summary: `The step's replays in the run, oldest first (at most ${LISTED})`,
  request: { params: StepParams },
  responses: lazyResponses(() => ({
    200: { description: "The replays", content: jsonContent(dataEnvelope(z.array(answers().StepReplay))) },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

/**
 * The replay's code (the conversation, and the answer checks with ajv and RE2, about 350 kB minified) is
 * imported on a process's first replay, not at the API's cold start.
 */
const loadReplay = loadOnce(() => import("../../llm/replay-step"));

export function replayRoutes(
  deps: Pick<Deps, "config" | "store" | "keyVault" | "clock" | "log" | "random" | "http">,
) {
  const nextUlid = monotonicFactory();
  const replayDeps = {
    ...workspaceModels(deps),
    store: deps.store,
    log: deps.log,
    random: deps.random,
    providers: createProviders(deps.config),
    timeoutMs: Math.min(deps.config.LLM_TIMEOUT_MS, REPLAY_TIMEOUT_MS),
    newId: () => nextUlid().toLowerCase(),
  };
  return createRouter<WorkspaceEnv>()
    .openapi(replayRoute, async (c) => {
      const { id, stepName } = c.req.valid("param");
      const { replayStep } = await loadReplay();
      const replay = await replayStep(replayDeps, c.var.workspaceId, id, stepName, c.req.valid("json"));
      return c.json(ok(replay), 201);
    })
    .openapi(listRoute, async (c) => {
      const { id, stepName } = c.req.valid("param");
      const run = await deps.store.runs.get(c.var.workspaceId, id);
      if (!run) throw new NotFoundError("Workflow run");
      return c.json(ok(await deps.store.replays.list(c.var.workspaceId, id, stepName, LISTED)), 200);
    });
}
