import { createRoute } from "@hono/zod-openapi";
import { logIn } from "../../accounts/log-in";
import { signUp } from "../../accounts/sign-up";
import { LoginInput, LoginResult, SignupInput, SignupResult } from "../../domain/account";
import type { Deps } from "../../ports/deps";
import type { AppEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { createRouter, errorResponses, jsonContent } from "../router";

const tags = ["Dashboard auth"];

const signup = createRoute({
  method: "post",
  path: "/v1/dashboard-auth/signup",
  tags,
  summary:
    "Create an account with its first workspace and first API key (shown once), and a dashboard session",
  request: { body: { content: jsonContent(SignupInput), required: true } },
  responses: {
    201: { description: "Signed up", content: jsonContent(dataEnvelope(SignupResult)) },
    ...errorResponses(400, 409, 429),
  },
});

const login = createRoute({
  method: "post",
  path: "/v1/dashboard-auth/login",
  tags,
  summary: "Sign in to the dashboard; the token is a dashboard session, never accepted as an API key",
  request: { body: { content: jsonContent(LoginInput), required: true } },
  responses: {
    200: { description: "Signed in", content: jsonContent(dataEnvelope(LoginResult)) },
    ...errorResponses(400, 401, 429),
  },
});

export function dashboardAuthRoutes(deps: Pick<Deps, "store" | "clock" | "ids">) {
  return createRouter<AppEnv>()
    .openapi(signup, async (c) => c.json(ok(await signUp(deps, c.req.valid("json"))), 201))
    .openapi(login, async (c) => c.json(ok(await logIn(deps, c.req.valid("json"))), 200));
}
