import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { createInvite } from "../../auth/invites";
import { CreatedInvite } from "../../domain/invite";
import type { Deps } from "../../ports/deps";
import type { AppEnv } from "../env";
import { dataEnvelope, ErrorEnvelope, ok } from "../envelope";
import { requireAdminToken } from "../middleware/admin-token";
import { ADMIN_TOKEN_SECURITY, createRouter, errorResponses, jsonContent, lazyResponses } from "../router";

const createRouteFor = (adminToken: ReturnType<typeof requireAdminToken>) =>
  createRoute({
    method: "post",
    path: "/v1/invites",
    operationId: "createInvite",
    security: ADMIN_TOKEN_SECURITY,
    tags: ["Invites"],
    summary:
      "Create a single-use sign-up invite (SIGNUP_MODE=invite); the code is shown only in this response",
    description:
      "Takes the operator's `x-admin-token` instead of an API key, so the first account of an invite-only " +
      "server can be invited. Refused for every caller when the server has no `ADMIN_TOKEN`. The code " +
      "expires after 7 days and opens one sign-up, given as `inviteCode`.",
    middleware: [adminToken] as const,
    request: { headers: z.object({ "x-admin-token": z.string() }) },
    responses: lazyResponses(() => ({
      201: { description: "Created", content: jsonContent(dataEnvelope(CreatedInvite)) },
      401: {
        description: "AUTH_ERROR: missing or invalid x-admin-token, or the server has no ADMIN_TOKEN",
        content: jsonContent(ErrorEnvelope),
      },
      ...errorResponses(429),
    })),
  });

export function inviteRoutes(deps: Pick<Deps, "store" | "clock" | "config">) {
  return createRouter<AppEnv>().openapi(
    createRouteFor(requireAdminToken(deps.config.ADMIN_TOKEN, "deny")),
    async (c) => c.json(ok(await createInvite(deps)), 201),
  );
}
