import type { Config } from "../config";
import type { IdGenerator } from "../domain/ids";
import type { RunEventMessage } from "../domain/run-event-messages";
import type { Store } from "../ports/store";
import type { BlobStore } from "./blob-store";
import type { Clock } from "./clock";
import type { OutboundHttp } from "./http";
import type { KeyVault } from "./key-vault";
import type { Logger } from "./logger";
import type { Mailer } from "./mailer";
import type { Queue } from "./queue";
import type { RandomSource } from "./random";
import type { RunFeed } from "./run-feed";
import type { Scheduler } from "./scheduler";
import type { Telemetry } from "./telemetry";

/**
 * Everything the core needs from the world, assembled only by the composition roots in functions/.
 * Core code takes a Pick of it, which documents what each part uses.
 */
export interface Deps {
  config: Config;
  store: Store;
  clock: Clock;
  random: RandomSource;
  ids: IdGenerator;
  log: Logger;
  queue: Queue;
  /** Webhook dispatches and delivery attempts: their own queue, so the engine never waits on a receiver. */
  runEventQueue: Queue<RunEventMessage>;
  scheduler: Scheduler;
  http: OutboundHttp;
  keyVault: KeyVault;
  /**
   * Payloads too large for an item. On AWS only the API and the step worker hold the bucket (infra/settings.ts,
   * BLOB_PERMISSIONS); in the other functions every call fails, saying so.
   */
  blobs: BlobStore;
  /** Undefined when the service sends no e-mail. */
  mailer: Mailer | undefined;
  /** Commits and token deltas within this process; absent on Lambda, where followers poll the store. */
  feed?: RunFeed;
  /** Traces and metrics of committed changes; noTelemetry where neither is exported. */
  telemetry: Telemetry;
}
