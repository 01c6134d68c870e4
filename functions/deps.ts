import {
  createDocumentClient,
  type createDynamoClient,
  type Table,
} from "../core/adapters/dynamodb/table/dynamo-client";
import { createSmtpMailer } from "../core/adapters/mail/smtp-mailer";
import type { Config } from "../core/config";
import { createIdGenerator } from "../core/domain/ids";
import { loadOnce } from "../core/domain/load-once";
import type { RunEventMessage } from "../core/domain/run-event-messages";
import type { BlobStore } from "../core/ports/blob-store";
import type { Clock } from "../core/ports/clock";
import type { Deps } from "../core/ports/deps";
import type { OutboundHttp } from "../core/ports/http";
import type { KeyVault } from "../core/ports/key-vault";
import type { Logger } from "../core/ports/logger";
import type { Queue } from "../core/ports/queue";
import { systemRandom } from "../core/ports/random";
import type { RunFeed } from "../core/ports/run-feed";
import type { Scheduler } from "../core/ports/scheduler";
import { noTelemetry, type Telemetry } from "../core/ports/telemetry";

/** What a composition root chooses: where DynamoDB is, how messages and timers travel, what time it is. */
export interface Platform {
  dynamo: ReturnType<typeof createDynamoClient>;
  queue: Queue;
  runEventQueue: Queue<RunEventMessage>;
  scheduler: Scheduler;
  keyVault: KeyVault;
  /** S3 on AWS (functions/aws-platform.ts), files under DATA_DIR locally. */
  blobs: BlobStore;
  clock: Clock;
  /** Local only: steps and streams share the process (core/ports/run-feed.ts). */
  feed?: RunFeed;
  /** Where traces and metrics go (functions/local-telemetry.ts, lambda-telemetry.ts); none when absent. */
  telemetry?: Telemetry;
}

/** Deps with the part of the store a function is given: all of it (createStore) or only what it uses. */
export type DepsWith<S> = Omit<Deps, "store"> & { store: S };

/**
 * The dependencies every composition root assembles the same way from its platform, around the store it
 * builds over the table: the whole Store port (createStore), or, for a function that uses only a few of its
 * repositories (the sweeper, the run-event worker), just those, so its bundle loads none of the others.
 */
export function buildDeps<S>(
  config: Config,
  log: Logger,
  platform: Platform,
  store: (table: Table) => S,
): DepsWith<S> {
  const table = { client: createDocumentClient(platform.dynamo), name: config.TABLE_NAME };
  return {
    config,
    log,
    store: store(table),
    clock: platform.clock,
    random: systemRandom,
    ids: createIdGenerator(),
    queue: platform.queue,
    runEventQueue: platform.runEventQueue,
    scheduler: platform.scheduler,
    keyVault: platform.keyVault,
    blobs: platform.blobs,
    http: guardedHttpOnFirstRequest(config.ALLOW_PRIVATE_URLS),
    mailer: config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined,
    ...(platform.feed && { feed: platform.feed }),
    telemetry: platform.telemetry ?? noTelemetry,
  };
}

/**
 * The guarded HTTP client, imported with its URL guard (ipaddr.js) on the process's first outbound request:
 * the sweeper never makes one, and the worker and run-event worker only for http steps, remote tools and
 * deliveries, so none of them loads it during a cold start.
 */
function guardedHttpOnFirstRequest(allowPrivate: boolean): OutboundHttp {
  const http = loadOnce(async () =>
    (await import("../core/outbound/guarded-http")).createGuardedHttp({ allowPrivate }),
  );
  return { request: async (request) => (await http()).request(request) };
}
