import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePorts } from "../../core/adapters/local/free-port";
import { startLocalService } from "../../test/helpers/local-service";

export interface RunningService {
  url: string;
  /** The `npm start` process, leader of the service's process group (not of DynamoDB Local's). */
  pid: number | undefined;
  dynamoEndpoint: string;
  tableName: string;
  /** Stops the service and removes its data directory; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * The real `npm start` service on its own temp data directory, with DynamoDB Local on a known port so the
 * bench can read the same table directly. The limiter is set out of reach so it never refuses, but it still
 * does its DynamoDB write per request, as in production. `env` adds settings (e.g. ALLOW_PRIVATE_URLS for http
 * steps that call a receiver on the loopback).
 */
export async function launchService(env: Record<string, string> = {}): Promise<RunningService> {
  const [dynamoPort] = await freePorts(1);
  const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-"));
  const tableName = "weft";
  const service = await startLocalService({
    DATA_DIR: dataDir,
    DYNAMODB_LOCAL_PORT: String(dynamoPort),
    // Empty counts as unset: a developer's DYNAMODB_ENDPOINT must not send the bench to another database.
    DYNAMODB_ENDPOINT: "",
    TABLE_NAME: tableName,
    RATE_LIMIT_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
    ...env,
  });
  let stopped: Promise<void> | undefined;
  return {
    url: service.url,
    pid: service.pid,
    dynamoEndpoint: `http://127.0.0.1:${dynamoPort}`,
    tableName,
    stop: () => {
      stopped ??= service.stop("SIGTERM").finally(() => rmSync(dataDir, { recursive: true, force: true }));
      return stopped;
    },
  };
}
