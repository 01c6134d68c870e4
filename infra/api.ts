import { engineEnvironment, engineLinks, enginePermissions } from "./engine-access";

/** The HTTP API: one Hono Lambda behind a function URL. */
export const api = new sst.aws.Function("Api", {
  handler: "functions/api.handler",
  runtime: "nodejs22.x",
  architecture: "arm64",
  memory: "512 MB",
  timeout: "30 seconds",
  url: true,
  link: engineLinks,
  environment: engineEnvironment,
  permissions: enginePermissions,
});
