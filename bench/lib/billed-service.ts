import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DynamoDbLocal, startDynamoDbLocal } from "../../core/adapters/local/dynamodb-local";
import { type OpenAiFake, startOpenAiFake } from "../../test/fakes/openai-server";
import { type LocalService, startLocalService } from "../../test/helpers/local-service";
import { type BillingProxy, startBillingProxy } from "./billing-proxy";
import { cleanupStack } from "./cleanups";
import { type Receiver, type ReceiverOptions, sleep, startReceiver } from "./cost-workloads";
import { DynamoWire } from "./dynamo-wire";
import { inferQueueMessages } from "./queue-inference";
import { Tally } from "./tally";
import { itemKind, requestBucket } from "./weft-items";

/**
 * The real service (`npm start`: API, engine, run-event worker) on an in-memory DynamoDB Local behind the
 * billing proxy, with a loopback receiver for http steps and webhooks: what the benches that bill requests
 * as DynamoDB bills them (bench:cost, bench:lists) measure. `dynamo` reads the table straight from DynamoDB
 * Local, unbilled, for the bench's own observations.
 */
export interface BilledService {
  service: LocalService;
  proxy: BillingProxy;
  tally: Tally;
  dynamo: DynamoWire;
  receiver: Receiver;
  tableName: string;
  /**
   * Resolves once no measured ("work") request has been in flight for `quietMs`; throws if the service
   * does not go quiet within a minute.
   */
  settle(quietMs: number): Promise<void>;
  stop(): Promise<void>;
}

export interface BilledServiceOptions {
  /** Names the data directory. */
  label: string;
  /** Replies queued on a fake OpenAI server the service is pointed at; none started when absent. */
  llmReplies?: number;
  receiver?: ReceiverOptions;
  /** Settings added to the service's (a provider's base URL, say). */
  env?: Record<string, string>;
}

const TABLE_NAME = "weft";
const SETTLE_LIMIT_MS = 60_000;

export async function startBilledService(options: BilledServiceOptions): Promise<BilledService> {
  const cleanups = cleanupStack();
  const stop = cleanups.stop;
  try {
    const dataDir = mkdtempSync(join(tmpdir(), `weft-bench-${options.label}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // In memory: the bench's table lives as long as the bench.
    const local: DynamoDbLocal = await startDynamoDbLocal({});
    cleanups.push(() => local.stop());
    const dynamo = new DynamoWire(local.endpoint);
    cleanups.push(() => dynamo.close());
    const tally = new Tally();
    const proxy = await startBillingProxy({
      target: local.endpoint,
      tally,
      classify: requestBucket,
      kindOf: itemKind,
      onCommit: (commit) => inferQueueMessages(commit, tally),
    });
    cleanups.push(() => proxy.stop());
    const receiver = await startReceiver(options.receiver);
    cleanups.push(() => receiver.stop());
    const llm: Record<string, string> = {};
    if (options.llmReplies) {
      const openai: OpenAiFake = await startOpenAiFake();
      cleanups.push(() => openai.close());
      openai.reply(
        ...Array.from({ length: options.llmReplies }, () => ({
          text: "ok",
          usage: { input: 12, output: 1 },
        })),
      );
      llm.OPENAI_BASE_URL = openai.baseUrl;
    }
    const service = await startLocalService({
      DATA_DIR: dataDir,
      DYNAMODB_ENDPOINT: proxy.endpoint,
      TABLE_NAME,
      ALLOW_PRIVATE_URLS: "true",
      ...llm,
      ...options.env,
      // Out of reach, so it never refuses; it still makes its DynamoDB write per request, as in production.
      RATE_LIMIT_PER_MINUTE: "100000000",
      LOG_LEVEL: "warn",
    });
    cleanups.push(() => service.stop("SIGTERM"));
    const settle = async (quietMs: number) => {
      const started = Date.now();
      for (;;) {
        const { inFlight, lastEndedAtMs } = proxy.activity("work");
        if (inFlight === 0 && Date.now() - lastEndedAtMs >= quietMs) return;
        if (Date.now() - started > SETTLE_LIMIT_MS) throw new Error("the service did not go quiet");
        await sleep(Math.min(100, quietMs));
      }
    };
    return { service, proxy, tally, dynamo, receiver, tableName: TABLE_NAME, settle, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
