import { engineFunction } from "./engine-access";
import { adminToken } from "./secrets";
import { FUNCTIONS } from "./settings";

/**
 * The HTTP API: one Hono Lambda behind a function URL. It also serves the dashboard, whose built static
 * files (`npm run build:dashboard`, run by `npm run deploy`) are copied beside the handler, not bundled.
 */
export const api = new sst.aws.Function("Api", {
  ...engineFunction(FUNCTIONS.api, { ADMIN_TOKEN: adminToken.value }),
  url: true,
  copyFiles: [{ from: "dist/dashboard", to: "dist/dashboard" }],
});
