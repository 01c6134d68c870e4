import { engineFunction } from "./engine-access";
import { adminToken } from "./secrets";
import { FUNCTIONS } from "./settings";

/** The HTTP API: one Hono Lambda behind a function URL. */
export const api = new sst.aws.Function("Api", {
  ...engineFunction(FUNCTIONS.api, { ADMIN_TOKEN: adminToken.value }),
  url: true,
});
