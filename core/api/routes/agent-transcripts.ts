import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { stepTranscript } from "../../llm/agent-transcript";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { ResourceId } from "../params";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const ToolCall = z.object({ id: z.string(), name: z.string(), arguments: z.record(z.string(), z.unknown()) });

const TranscriptMessage = z.union([
  z.object({ role: z.literal("user"), content: z.string() }),
  z.object({ role: z.literal("assistant"), content: z.string(), toolCalls: z.array(ToolCall).optional() }),
  z.object({ role: z.literal("tool"), toolCallId: z.string(), toolName: z.string(), content: z.string() }),
]);

const Transcript = z
  .object({
    stepRunId: z.string(),
    turns: z.int().meta({ description: "Model turns committed so far" }),
    messages: z.array(TranscriptMessage).meta({
      description:
        "The conversation after the prompt: each turn's answer with its tool calls, and their results",
    }),
  })
  .meta({ id: "AgentTranscript" });

const transcriptRoute = createRoute({
  method: "get",
  path: "/v1/workflow-runs/{id}/steps/{stepRunId}/transcript",
  operationId: "getAgentTranscript",
  tags: ["Workflow runs"],
  security: API_KEY_SECURITY,
  summary: "An agent step's conversation as its last committed turn left it (docs/agents.md)",
  request: { params: z.object({ id: ResourceId, stepRunId: ResourceId }) },
  responses: lazyResponses(() => ({
    200: { description: "The transcript", content: jsonContent(dataEnvelope(Transcript)) },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

export function agentTranscriptRoutes(deps: Pick<Deps, "store" | "blobs">) {
  return createRouter<WorkspaceEnv>().openapi(transcriptRoute, async (c) => {
    const { id, stepRunId } = c.req.valid("param");
    return c.json(ok(await stepTranscript(deps, c.var.workspaceId, id, stepRunId)), 200);
  });
}
