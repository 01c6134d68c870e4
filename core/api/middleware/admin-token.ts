import type { MiddlewareHandler } from "hono";
import { AuthError } from "../../domain/errors";
import { constantTimeEqual } from "../../security/constant-time";

/**
 * Checks `x-admin-token` against ADMIN_TOKEN before the body, so a caller without it learns nothing from
 * validation errors. Where the token only adds to an API key (POST /v1/workspaces, spec 5.6) an unset
 * ADMIN_TOKEN lets every caller through; where it is the only credential (POST /v1/invites) it lets none.
 */
export function requireAdminToken(
  expected: string | undefined,
  whenUnset: "allow" | "deny",
): MiddlewareHandler {
  return async function adminTokenMiddleware(c, next) {
    const refused =
      expected === undefined
        ? whenUnset === "deny"
        : !constantTimeEqual(c.req.header("x-admin-token") ?? "", expected);
    if (refused) throw new AuthError("Missing or invalid x-admin-token header");
    await next();
  };
}
