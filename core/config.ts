import { z } from "zod";
import { PricingOverrides } from "./llm/pricing";

/**
 * The service's settings, parsed once from the environment by a composition root (functions/).
 * Core modules receive a Config; none reads process.env itself, so tests can pass any settings.
 */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const Config = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(".data"),
  DYNAMODB_ENDPOINT: optionalString,
  DYNAMODB_LOCAL_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  TABLE_NAME: z.string().min(3).max(255).default("weft"),
  AWS_REGION: z.string().min(1).default("us-east-1"),
  ADMIN_TOKEN: optionalString,
  RATE_LIMIT_PER_MINUTE: positiveInt(1200),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(20),
  ALLOW_PRIVATE_URLS: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** How many runs one local process or one Lambda instance advances at once. */
  WORKER_CONCURRENCY: positiveInt(8),
  /** AWS only: the step queue, and the Scheduler group and role that send to it (given by the infra). */
  STEP_QUEUE_URL: optionalString,
  STEP_QUEUE_ARN: optionalString,
  SCHEDULE_GROUP: optionalString,
  SCHEDULER_ROLE_ARN: optionalString,
  /** AWS only: the webhook queue (dispatches and delivery attempts), given by the infra. */
  WEBHOOK_QUEUE_URL: optionalString,
  /**
   * Webhook deliveries (spec 6.4): the delays before attempts 2 and 3, comma-separated milliseconds (each at
   * most 900000, the queue's delay limit), and how long one attempt may take.
   */
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .default("5000,30000")
    .transform((value, ctx) => {
      const delays = value.split(",").map((part) => Number(part.trim()));
      const valid =
        delays.length === 2 && delays.every((ms) => Number.isInteger(ms) && ms >= 0 && ms <= 900_000);
      if (!valid) ctx.addIssue({ code: "custom", message: "two delays in ms (0-900000), e.g. 5000,30000" });
      return delays;
    }),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  /** Local only: the key vault's key (base64, 32 bytes); generated into DATA_DIR when unset. */
  MASTER_KEY: optionalString,
  /** AWS only: the KMS key that envelope-encrypts stored secrets. */
  KMS_KEY_ID: optionalString,
  /** Server-level provider keys; a workspace's stored key takes precedence. */
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  GOOGLE_API_KEY: optionalString,
  /** Where each provider is reached (proxy, gateway, test double); unset = the provider's own. */
  OPENAI_BASE_URL: optionalString,
  ANTHROPIC_BASE_URL: optionalString,
  GOOGLE_BASE_URL: optionalString,
  /** Per provider call, including the wait for the whole answer. */
  LLM_TIMEOUT_MS: positiveInt(60_000),
  /** JSON {"model": {inputPerMillion, outputPerMillion, cachedInputPerMillion?}} over the built-in table. */
  LLM_PRICING_JSON: optionalString
    .transform((value, ctx) => {
      if (value === undefined) return {};
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be valid JSON" });
        return z.NEVER;
      }
    })
    .pipe(PricingOverrides),
  DEFAULT_OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  DEFAULT_ANTHROPIC_MODEL: z.string().min(1).default("claude-haiku-4-5"),
  DEFAULT_GOOGLE_MODEL: z.string().min(1).default("gemini-2.0-flash"),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
});
export type Config = z.infer<typeof Config>;

/** Parses the environment, naming every bad variable at once so a misconfigured deploy fails loudly at start. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = Config.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}
