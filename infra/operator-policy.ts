import { loadConfig } from "../core/config";
import { adminToken } from "./secrets";
import { thisStage } from "./this-stage";

/**
 * This stage's operator policy (docs/operator-policy.md), checked with the service's own schema against
 * the admin token it may need. A policy the functions would refuse at start (an unknown mode, a
 * SERVER_PROVIDER_KEYS entry that is not a workspace id, `invite` with no AdminToken to make invites)
 * fails the deploy instead of every request after it.
 */
export const operatorPolicy = adminToken.value.apply((token) => {
  const policy = thisStage.operatorPolicy;
  try {
    loadConfig({ ...policy, ...thisStage.quotas, ADMIN_TOKEN: token });
  } catch (error) {
    throw new Error(
      `Stage ${$app.stage}: ${error instanceof Error ? error.message : String(error)}. Set the AdminToken ` +
        `secret (npx sst secret set AdminToken … --stage ${$app.stage}) or choose the policy with ` +
        "WEFT_SIGNUP_MODE and WEFT_SERVER_PROVIDER_KEYS, and give quotas as positive integers (docs/deploy.md).",
    );
  }
  return policy;
});
