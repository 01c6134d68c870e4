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

/**
 * Approval e-mail: the SMTP server (Amazon SES's SMTP interface, `smtps://<SMTP user>:<SMTP password>@
 * email-smtp.<region>.amazonaws.com:465`, with a verified sender) and the sender. Empty: no mail is sent.
 */
export const mail = {
  SMTP_URL: new sst.Secret("SmtpUrl", "").value,
  MAIL_FROM: new sst.Secret("MailFrom", "Weft <no-reply@weft.invalid>").value,
};
