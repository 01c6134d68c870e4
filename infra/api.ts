import { engineFunction } from "./engine-access";
import { operatorPolicy } from "./operator-policy";
import { adminToken, providerKeys } from "./secrets";
import { FUNCTIONS } from "./settings";
import { thisStage } from "./this-stage";

/**
 * The HTTP API: one Hono Lambda behind a function URL. It also serves the dashboard, whose built static
 * files (built by sst.config.ts before this is declared) are copied beside the handler, not bundled. It
 * gets the server's provider keys for step replays (docs/llm.md), which call a model from the API.
 */
export const api = new sst.aws.Function("Api", {
  ...engineFunction(FUNCTIONS.api, {
    ADMIN_TOKEN: adminToken.value,
    ...providerKeys,
    SIGNUP_MODE: operatorPolicy.apply((policy) => policy.SIGNUP_MODE),
    // Checked with the policy: a quota that is not a positive integer fails the deploy there.
    ...thisStage.quotas,
  }),
  url: true,
  // RESPONSE_STREAM: a run's live stream goes out as it happens (docs/api.md, "Live stream").
  streaming: FUNCTIONS.api.trigger.streaming,
  copyFiles: [{ from: "dist/dashboard", to: "dist/dashboard" }],
});
