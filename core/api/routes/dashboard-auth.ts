import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { logIn } from "../../auth/log-in";
import { signUp } from "../../auth/sign-up";
import {
  AuthSettings,
  LoginInput,
  LoginResult,
  SignupInput,
  type SignupMode,
  SignupResult,
} from "../../domain/account";
import { AppError, ErrorCode } from "../../domain/errors";
import type { Deps } from "../../ports/deps";
import type { AppEnv } from "../env";
import { dataEnvelope, ErrorEnvelope, ok } from "../envelope";
import { accountAttemptLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, jsonContent, lazyResponses } from "../router";

const tags = ["Dashboard auth"];

/** Checked before the body, so a closed server gives every sign-up the same answer. */
function refuseWhenClosed(mode: SignupMode): MiddlewareHandler {
  return async function signupClosedMiddleware(_c, next) {
    if (mode === "closed") {
      // The spec's only authentication code; 403 because no credential would change the answer.
      throw new AppError(ErrorCode.AUTH_ERROR, "Sign-up is closed on this server", { status: 403 });
    }
    await next();
  };
}

const signupFor = (closedGuard: MiddlewareHandler) =>
  createRoute({
    method: "post",
    path: "/v1/dashboard-auth/signup",
    operationId: "signUp",
    security: [],
    tags,
    summary:
      "Create an account with its first workspace and first API key (shown once), and a dashboard session",
    description:
      "Follows the server's `SIGNUP_MODE`: `open` takes anyone, `invite` needs a valid `inviteCode` " +
      "(see POST /v1/invites), `closed` takes no one.",
    middleware: [closedGuard] as const,
    request: { body: { content: jsonContent(SignupInput), required: true } },
    responses: lazyResponses(() => ({
      201: { description: "Signed up", content: jsonContent(dataEnvelope(SignupResult)) },
      403: {
        description: "AUTH_ERROR: sign-up is closed, or the invite code is missing, unknown, used or expired",
        content: jsonContent(ErrorEnvelope),
      },
      ...errorResponses(400, 409, 429),
    })),
  });

const login = createRoute({
  method: "post",
  path: "/v1/dashboard-auth/login",
  operationId: "logIn",
  security: [],
  tags,
  summary: "Sign in to the dashboard; the token is a dashboard session, never accepted as an API key",
  request: { body: { content: jsonContent(LoginInput), required: true } },
  responses: lazyResponses(() => ({
    200: { description: "Signed in", content: jsonContent(dataEnvelope(LoginResult)) },
    ...errorResponses(400, 401, 429),
  })),
});

const settings = createRoute({
  method: "get",
  path: "/v1/dashboard-auth/config",
  operationId: "getAuthSettings",
  security: [],
  tags,
  summary:
    "What the sign-in page offers: `signupMode` is open, invite (ask for a code) or closed (no sign-up)",
  responses: lazyResponses(() => ({
    200: { description: "The settings", content: jsonContent(dataEnvelope(AuthSettings)) },
    ...errorResponses(429),
  })),
});

export function dashboardAuthRoutes(deps: Pick<Deps, "store" | "clock" | "ids" | "config">) {
  const chargeAccountAttempt = accountAttemptLimit(deps);
  return createRouter<AppEnv>()
    .openapi(signupFor(refuseWhenClosed(deps.config.SIGNUP_MODE)), async (c) => {
      const input = c.req.valid("json");
      await chargeAccountAttempt(input.email);
      return c.json(ok(await signUp(deps, input)), 201);
    })
    .openapi(login, async (c) => {
      const input = c.req.valid("json");
      await chargeAccountAttempt(input.email);
      return c.json(ok(await logIn(deps, input)), 200);
    })
    .openapi(settings, (c) => c.json(ok({ signupMode: deps.config.SIGNUP_MODE }), 200));
}
