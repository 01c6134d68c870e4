import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { SignalInput } from "../../domain/signals";
import type { CommitDeps } from "../../engine/commit-run";
import type { Deps } from "../../ports/deps";
import { sendSignal } from "../../runs/send-signal";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { IdParam } from "../params";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const signalRoute = createRoute({
  method: "post",
  path: "/v1/workflow-runs/{id}/signals",
  operationId: "sendSignal",
  tags: ["Workflow runs"],
  security: API_KEY_SECURITY,
  summary: "Send a signal to a live run: taken by the step waiting for its type, or kept until one does",
  request: { params: IdParam, body: { content: jsonContent(SignalInput), required: true } },
  responses: lazyResponses(() => ({
    202: {
      description:
        "Accepted: delivered to the waiting step, buffered on the run, or a duplicate of an earlier id",
      content: jsonContent(
        dataEnvelope(z.object({ status: z.enum(["delivered", "buffered", "duplicate"]) })),
      ),
    },
    ...errorResponses(400, 404, 409, ...AUTHENTICATED_ERRORS),
  })),
});

export function signalRoutes(deps: CommitDeps & Pick<Deps, "ids">) {
  return createRouter<WorkspaceEnv>().openapi(signalRoute, async (c) => {
    const status = await sendSignal(deps, c.var.workspaceId, c.req.valid("param").id, c.req.valid("json"));
    return c.json(ok({ status }), 202);
  });
}
