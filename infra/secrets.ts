/**
 * Server-level secrets, set per stage with `sst secret set <Name> <value> --stage <stage>`. Each has an empty
 * placeholder so a stage deploys before they are set (an empty ADMIN_TOKEN means no admin token; an empty
 * provider key means only workspace keys work). They reach the functions as environment variables, which
 * Lambda encrypts at rest; only the functions that use one receive it.
 */
export const adminToken = new sst.Secret("AdminToken", "");

export const providerKeys = {
  OPENAI_API_KEY: new sst.Secret("OpenaiApiKey", "").value,
  ANTHROPIC_API_KEY: new sst.Secret("AnthropicApiKey", "").value,
  GOOGLE_API_KEY: new sst.Secret("GoogleApiKey", "").value,
};
