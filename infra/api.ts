import { SWAGGER_UI_SHIPPED } from "../core/api/api-reference-assets";
import { engineFunction } from "./engine-access";
import { operatorPolicy } from "./operator-policy";
import { adminToken, providerKeys } from "./secrets";
import { FUNCTIONS } from "./settings";
import { publicUrlOf } from "./stage";
import { thisStage } from "./this-stage";

/** Where links point (infra/stage.ts): a retained stage's deploy stops here without one. */
export const publicUrl = publicUrlOf($app.stage, thisStage);

/**
 * The HTTP API: one Hono Lambda behind a function URL. It also serves the dashboard, whose built static
 * files (built by sst.config.ts before this is declared) are copied beside the handler, not bundled, and
 * /docs, whose Swagger UI files are copied into the function's node_modules, where the API resolves them. It
 * gets the server's provider keys for step replays (docs/llm.md), which call a model from the API.
 */
export const api = new sst.aws.Function("Api", {
  ...engineFunction(FUNCTIONS.api, {
    ADMIN_TOKEN: adminToken.value,
    ...providerKeys,
    SIGNUP_MODE: operatorPolicy.apply((policy) => policy.SIGNUP_MODE),
    // Checked with the policy: a quota that is not a positive integer fails the deploy there.
    ...thisStage.quotas,
    ...(publicUrl === undefined ? {} : { PUBLIC_URL: publicUrl }),
  }),
  url: true,
  // RESPONSE_STREAM: a run's live stream goes out as it happens (docs/api.md, "Live stream").
  streaming: FUNCTIONS.api.trigger.streaming,
  copyFiles: [
    { from: "dist/dashboard", to: "dist/dashboard" },
    ...SWAGGER_UI_SHIPPED.map((path) => ({ from: path, to: path })),
  ],
});

/**
 * Where the functions that dispatch webhooks and mails (the run-event worker, the sweeper's outbox sweep)
 * point links: PUBLIC_URL, or on an ephemeral stage without one the API's function URL.
 */
export const linkOrigin = publicUrl ?? api.url;
