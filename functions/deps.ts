import { createDocumentClient, type createDynamoClient } from "../core/adapters/dynamodb/dynamo-client";
import { createStore } from "../core/adapters/dynamodb/store";
import { createSmtpMailer } from "../core/adapters/mail/smtp-mailer";
import type { Config } from "../core/config";
import { createIdGenerator } from "../core/domain/ids";
import type { WebhookMessage } from "../core/domain/webhook-messages";
import { createGuardedHttp } from "../core/outbound/guarded-http";
import type { Clock } from "../core/ports/clock";
import type { Deps } from "../core/ports/deps";
import type { KeyVault } from "../core/ports/key-vault";
import type { Logger } from "../core/ports/logger";
import type { Queue } from "../core/ports/queue";
import type { RunFeed } from "../core/ports/run-feed";
import type { Scheduler } from "../core/ports/scheduler";
import { noTelemetry, type Telemetry } from "../core/ports/telemetry";

/** What a composition root chooses: where DynamoDB is, how messages and timers travel, what time it is. */
export interface Platform {
  dynamo: ReturnType<typeof createDynamoClient>;
  queue: Queue;
  webhookQueue: Queue<WebhookMessage>;
  scheduler: Scheduler;
  keyVault: KeyVault;
  clock: Clock;
  /** Local only: steps and streams share the process (core/ports/run-feed.ts). */
  feed?: RunFeed;
  /** Where traces and metrics go (functions/local-telemetry.ts, lambda-telemetry.ts); none when absent. */
  telemetry?: Telemetry;
}

/** The dependencies every composition root assembles the same way from its platform. */
export function buildDeps(config: Config, log: Logger, platform: Platform): Deps {
  const table = { client: createDocumentClient(platform.dynamo), name: config.TABLE_NAME };
  return {
    config,
    log,
    store: createStore(table),
    clock: platform.clock,
    ids: createIdGenerator(),
    queue: platform.queue,
    webhookQueue: platform.webhookQueue,
    scheduler: platform.scheduler,
    keyVault: platform.keyVault,
    http: createGuardedHttp({ allowPrivate: config.ALLOW_PRIVATE_URLS }),
    mailer: config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined,
    ...(platform.feed && { feed: platform.feed }),
    telemetry: platform.telemetry ?? noTelemetry,
  };
}
