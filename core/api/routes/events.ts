import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { WorkflowRun } from "../../domain/run";
import { SendEventInput } from "../../domain/trigger";
import type { CommitDeps } from "../../engine/commit-run";
import type { Deps } from "../../ports/deps";
import type { RunQuotaDeps } from "../../runs/run-quotas";
import { sendEvent } from "../../triggers/send-event";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const send = createRoute({
  method: "post",
  path: "/v1/events",
  operationId: "sendEvent",
  tags: ["Triggers"],
  security: API_KEY_SECURITY,
  summary: "Send an event: starts a run of every active event trigger it matches (docs/triggers.md)",
  request: { body: { content: jsonContent(SendEventInput), required: true } },
  responses: lazyResponses(() => ({
    202: {
      description: "Accepted, with the runs it started (none for an id sent in the last 24 hours)",
      content: jsonContent(
        dataEnvelope(
          z
            .object({ id: z.string(), name: z.string(), runs: z.array(WorkflowRun) })
            .meta({ id: "SentEvent" }),
        ),
      ),
    },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

export function eventRoutes(deps: CommitDeps & Pick<Deps, "ids"> & RunQuotaDeps) {
  return createRouter<WorkspaceEnv>().openapi(send, async (c) =>
    c.json(ok(await sendEvent(deps, c.var.workspaceId, c.req.valid("json"))), 202),
  );
}
