import { en } from "zod/locales";
import * as z from "zod/mini";
import { PricingOverrides } from "./domain/pricing";
import { SIGNUP_MODES } from "./domain/signup-mode";

/**
 * The service's settings, parsed once from the environment by a composition root (functions/).
 * Core modules receive a Config; none reads process.env itself, so tests can pass any settings.
 *
 * Written with zod/mini, zod's functional API over the same core (the same checks, issues and messages as
 * the rest of the code's zod): every function parses its settings at a cold start, and zod/mini is
 * tree-shaken to what these use, where zod's classic API is carried whole (docs/lambda-bundles.md). zod's
 * English messages are what zod's classic API loads by default; zod/mini loads them only when asked.
 */
z.config(en());

const optionalString = z.pipe(
  z.optional(z.string()),
  z.transform((value) => (value === undefined || value.trim() === "" ? undefined : value)),
);

const coercedInt = (...checks: z.core.$ZodCheck<number>[]) => z.coerce.number().check(z.int(), ...checks);
const positiveInt = (fallback: number) => z._default(coercedInt(z.positive()), fallback);
const port = coercedInt(z.minimum(0), z.maximum(65535));
const flag = z.pipe(
  z._default(z.enum(["true", "false"]), "false"),
  z.transform((value) => value === "true"),
);
const text = (fallback: string, min: number, max?: number) =>
  z._default(z.string().check(z.minLength(min), ...(max === undefined ? [] : [z.maxLength(max)])), fallback);

const WORKSPACE_ID = /^wsp_[0-9a-z]{26}$/;

/**
 * A list of workspaces an operator setting allows (SERVER_PROVIDER_KEYS, APPROVAL_MAIL): "all", "none" or
 * workspace ids separated by commas, parsed to "all" or the ids allowed. An entry that is not a workspace id
 * fails the start, so a typo cannot silently mean "none".
 */
const WorkspaceList = z.pipe(
  optionalString,
  z.transform((value, ctx): "all" | readonly string[] => {
    const setting = value?.trim() ?? "all";
    if (setting.toLowerCase() === "all") return "all";
    if (setting.toLowerCase() === "none") return [];
    const ids = setting
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "");
    const bad = ids.filter((id) => !WORKSPACE_ID.test(id));
    if (bad.length > 0)
      ctx.issues.push({
        code: "custom",
        message: `"all", "none" or workspace ids; not ${bad.join(", ")}`,
        input: value,
      });
    return ids;
  }),
);

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * MAIL_RECIPIENTS: who approval mail may go to. "any" (unset), "members" (an address with an account that
 * is a member of the workspace), or domains separated by commas (an address at one of them, lower-cased).
 */
const MailRecipients = z.pipe(
  optionalString,
  z.transform((value, ctx): "any" | "members" | { domains: readonly string[] } => {
    const setting = value?.trim().toLowerCase() ?? "any";
    if (setting === "any" || setting === "members") return setting;
    const domains = setting
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "");
    const bad = domains.filter((domain) => !DOMAIN.test(domain));
    if (bad.length > 0 || domains.length === 0)
      ctx.issues.push({
        code: "custom",
        message: `"any", "members" or mail domains; not ${bad.join(", ") || "an empty list"}`,
        input: value,
      });
    return { domains };
  }),
);

const Settings = z.object({
  PORT: z._default(port, 3000),
  DATA_DIR: text(".data", 1),
  DYNAMODB_ENDPOINT: optionalString,
  DYNAMODB_LOCAL_PORT: z.optional(port),
  TABLE_NAME: text("weft", 3, 255),
  AWS_REGION: text("us-east-1", 1),
  ADMIN_TOKEN: optionalString,
  /** Who may create an account: anyone, holders of an invite the operator made, or no one. */
  SIGNUP_MODE: z._default(z.enum(SIGNUP_MODES), "open"),
  RATE_LIMIT_PER_MINUTE: positiveInt(1200),
  /** Quotas (docs/deploy.md): live runs one workspace may have, and runs it may create per minute; unset = none. */
  MAX_LIVE_RUNS_PER_WORKSPACE: z.optional(coercedInt(z.positive())),
  MAX_RUN_CREATIONS_PER_MINUTE: z.optional(coercedInt(z.positive())),
  /** Runs' live streams open at once (docs/limits.md): per workspace, over every instance; per process. */
  MAX_STREAMS_PER_WORKSPACE: positiveInt(10),
  MAX_STREAMS_PER_PROCESS: positiveInt(200),
  /** Sign-up and login attempts per client address, and separately per e-mail address. */
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(20),
  AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  /** Requests to signed approval links' pages (`/a/<token>`, GET and POST) per client address. */
  LINK_PAGE_RATE_LIMIT_PER_MINUTE: positiveInt(60),
  ALLOW_PRIVATE_URLS: flag,
  /** Quota: triggers one workspace may have (POST /v1/triggers past it is a 429). */
  MAX_TRIGGERS_PER_WORKSPACE: positiveInt(100),
  /** How many runs one local process or one Lambda instance advances at once. */
  WORKER_CONCURRENCY: positiveInt(8),
  /** AWS only: the step queue, and the Scheduler group and role that send to it (given by the infra). */
  STEP_QUEUE_URL: optionalString,
  STEP_QUEUE_ARN: optionalString,
  SCHEDULE_GROUP: optionalString,
  SCHEDULER_ROLE_ARN: optionalString,
  /**
   * AWS only: the blob store's bucket, given by the infra to the functions that hold it (the API and the step
   * worker, infra/settings.ts); locally the blobs are files under DATA_DIR/blobs.
   */
  BLOB_BUCKET: optionalString,
  /** AWS only: the run-event queue (the outbox's dispatches, webhook attempts), given by the infra. */
  RUN_EVENT_QUEUE_URL: optionalString,
  /**
   * Webhook deliveries (spec 6.4): the delays before attempts 2 and 3, comma-separated milliseconds (each at
   * most 900000, the queue's delay limit), and how long one attempt may take.
   */
  WEBHOOK_RETRY_DELAYS_MS: z.pipe(
    z._default(z.string(), "5000,30000"),
    z.transform((value, ctx) => {
      const delays = value.split(",").map((part) => Number(part.trim()));
      const valid =
        delays.length === 2 && delays.every((ms) => Number.isInteger(ms) && ms >= 0 && ms <= 900_000);
      if (!valid)
        ctx.issues.push({
          code: "custom",
          message: "two delays in ms (0-900000), e.g. 5000,30000",
          input: value,
        });
      return delays;
    }),
  ),
  WEBHOOK_TIMEOUT_MS: z._default(coercedInt(z.minimum(100), z.maximum(30_000)), 10_000),
  /**
   * The service's public address (scheme and host), for links it hands out; unset = the local service's own,
   * `http://localhost:<PORT>` (publicOrigin). A deployed retained stage must set it (infra/stage.ts).
   */
  PUBLIC_URL: optionalString,
  /** Where approval e-mails go out (`smtp://…` or `smtps://user:password@host:465`); unset = no e-mail. */
  SMTP_URL: optionalString,
  MAIL_FROM: text("Weft <no-reply@weft.invalid>", 3, 254),
  /**
   * The operator's mail policy (docs/operator-policy.md): which workspaces' approval requests are mailed,
   * to whom, and how many mails one workspace may send per hour and per day.
   */
  APPROVAL_MAIL: WorkspaceList,
  MAIL_RECIPIENTS: MailRecipients,
  MAIL_PER_HOUR_PER_WORKSPACE: positiveInt(100),
  MAIL_PER_DAY_PER_WORKSPACE: positiveInt(500),
  /** Local only: the key vault's key (base64, 32 bytes); generated into DATA_DIR when unset. */
  MASTER_KEY: optionalString,
  /** AWS only: the KMS key that envelope-encrypts stored secrets. */
  KMS_KEY_ID: optionalString,
  /** Server-level provider keys; a workspace's stored key takes precedence. */
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  GOOGLE_API_KEY: optionalString,
  /** Which workspaces may fall back to the server-level keys when they have stored none of their own. */
  SERVER_PROVIDER_KEYS: WorkspaceList,
  /** Where each provider is reached (proxy, gateway, test double); unset = the provider's own. */
  OPENAI_BASE_URL: optionalString,
  ANTHROPIC_BASE_URL: optionalString,
  GOOGLE_BASE_URL: optionalString,
  /**
   * Local only: every provider call goes to the development model (docs/llm.md), which answers
   * deterministically without a key. Also `npm start -- --dev-models`.
   */
  DEV_MODELS: flag,
  /**
   * OpenTelemetry (docs/observability.md): the collector that receives traces over OTLP/HTTP; unset = no
   * traces, and nothing of the exporter is loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  OTEL_SERVICE_NAME: text("weft", 1, 100),
  /** Metrics: GET /metrics (Prometheus) locally, CloudWatch's embedded metric format on Lambda; off = neither. */
  METRICS: z._default(z.enum(["on", "off"]), "on"),
  /** Set by the Lambda runtime in every function; read only to refuse DEV_MODELS there. */
  AWS_LAMBDA_FUNCTION_NAME: optionalString,
  /** Per provider call, including the wait for the whole answer. */
  LLM_TIMEOUT_MS: positiveInt(60_000),
  /** JSON {"model": {inputPerMillion, outputPerMillion, cachedInputPerMillion?}} over the built-in table. */
  LLM_PRICING_JSON: z.pipe(
    z.pipe(
      optionalString,
      z.transform((value, ctx) => {
        if (value === undefined) return {};
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.issues.push({ code: "custom", message: "must be valid JSON", input: value });
          return z.NEVER;
        }
      }),
    ),
    PricingOverrides,
  ),
  DEFAULT_OPENAI_MODEL: text("gpt-4o-mini", 1),
  DEFAULT_ANTHROPIC_MODEL: text("claude-haiku-4-5", 1),
  DEFAULT_GOOGLE_MODEL: text("gemini-2.0-flash", 1),
  LOG_LEVEL: z._default(z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]), "info"),
});

export const Config = Settings.check(
  z.refine((config) => config.SIGNUP_MODE !== "invite" || config.ADMIN_TOKEN !== undefined, {
    // Invites are made with the admin token; without one, nobody could ever sign up.
    message: "SIGNUP_MODE=invite needs ADMIN_TOKEN, the credential that creates invites",
    path: ["SIGNUP_MODE"],
  }),
  z.refine((config) => !(config.DEV_MODELS && config.AWS_LAMBDA_FUNCTION_NAME !== undefined), {
    // A deploy answering llm steps with echoes would look healthy while doing nothing a user asked for.
    message: "DEV_MODELS is for local development and is refused on Lambda",
    path: ["DEV_MODELS"],
  }),
  z.refine(
    (config) =>
      !config.DEV_MODELS ||
      [config.OPENAI_BASE_URL, config.ANTHROPIC_BASE_URL, config.GOOGLE_BASE_URL].every(
        (url) => url === undefined,
      ),
    {
      message: "DEV_MODELS points every provider at the development model; unset the *_BASE_URL variables",
      path: ["DEV_MODELS"],
    },
  ),
);
export type Config = z.output<typeof Config>;

/** Parses the environment, naming every bad variable at once so a misconfigured deploy fails loudly at start. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = Config.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}

/**
 * The origin every link the service hands out points at (approval links, the API document's server):
 * PUBLIC_URL, or the local service's own address. Never a request's Host header, which its sender chooses:
 * a link built from it would send an approver's token wherever the caller wished (docs/approvals.md).
 */
export function publicOrigin(config: Pick<Config, "PUBLIC_URL" | "PORT">): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
}
