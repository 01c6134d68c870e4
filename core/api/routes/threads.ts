import * as z from "zod";
import { ThreadId, ThreadMessage } from "../../domain/thread";
import type { Deps } from "../../ports/deps";
import { deleteThread, threadPage } from "../../threads/read-threads";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok, pageEnvelope } from "../envelope";
import { PageQuery, pageMeta } from "../pagination";
import {
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  keyedRoutes,
  lazyResponses,
} from "../router";

const route = keyedRoutes(["Threads"]);

const ThreadParam = z.object({ id: ThreadId });

const read = route({
  method: "get",
  path: "/v1/threads/{id}",
  operationId: "listThreadMessages",
  summary: "A page of a thread's messages, oldest first",
  request: { params: ThreadParam, query: PageQuery },
  responses: lazyResponses(() => ({
    200: { description: "A page of messages", content: jsonContent(pageEnvelope(ThreadMessage)) },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

const remove = route({
  method: "delete",
  path: "/v1/threads/{id}",
  operationId: "deleteThread",
  summary: "Delete a thread and its messages",
  request: { params: ThreadParam },
  responses: lazyResponses(() => ({
    200: {
      description: "Deleted",
      content: jsonContent(dataEnvelope(z.object({ deleted: z.literal(true) }))),
    },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

export function threadRoutes(deps: Pick<Deps, "store">) {
  return createRouter<WorkspaceEnv>()
    .openapi(read, async (c) => {
      const query = c.req.valid("query");
      const { messages, total } = await threadPage(deps, c.var.workspaceId, c.req.valid("param").id, query);
      return c.json(
        { success: true as const, data: messages, meta: pageMeta(query.page, query.pageSize, total) },
        200,
      );
    })
    .openapi(remove, async (c) => {
      await deleteThread(deps, c.var.workspaceId, c.req.valid("param").id);
      return c.json(ok({ deleted: true as const }), 200);
    });
}
