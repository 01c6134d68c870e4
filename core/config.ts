import { z } from "zod";

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
  /** Local only: the key vault's key (base64, 32 bytes); generated into DATA_DIR when unset. */
  MASTER_KEY: optionalString,
  /** AWS only: the KMS key that envelope-encrypts stored secrets. */
  KMS_KEY_ID: optionalString,
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
