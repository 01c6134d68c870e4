import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { RunWithSteps } from "../helpers/api-types";
import { type LocalService, startLocalService } from "../helpers/local-service";
import { expectData } from "../helpers/requests";
import {
  allEvents,
  createDefinition,
  remoteSender,
  type Send,
  waitForRun,
  withStatus,
} from "../helpers/runs";
import { Receiver } from "./side-effect-receiver";

/**
 * Spec section 1: "a run resumes at the point where it stopped after a process crash". The real `npm start`
 * is killed with SIGKILL (no shutdown handler runs) at three moments of a run, restarted on the same
 * DATA_DIR, and the run must finish with every step that had completed before the crash run exactly once.
 * Side effects are counted by a receiver on 127.0.0.1 that the `http` task handler calls.
 *
 * What the tests of each moment (crash-recovery.test.ts) share: the receiver and the services
 * (setUpCrashRecovery), the steps that call the receiver, the crash and restart, and the checks.
 */

export const receiver = new Receiver();
const dataDirs: string[] = [];
/** Every service started here, so afterAll can stop whichever is still up. */
const services = new Set<LocalService>();

/**
 * Before the file's tests: starts its receiver; after them: stops whichever service is still up, removes the
 * DATA_DIRs and stops the receiver. Call once per file.
 */
export function setUpCrashRecovery(): void {
  beforeAll(async () => {
    await receiver.start();
  });

  afterAll(async () => {
    for (const service of services) await service.stop("SIGTERM");
    for (const dataDir of dataDirs) {
      stopOrphanedDynamoDb(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    }
    await receiver.stop();
  });
}

/**
 * A service killed with SIGKILL takes its DynamoDB Local with it (the watchdog sees its pipe close); should
 * the watchdog itself have been killed too, the JVM is ended here by its pid file, as the next start would.
 */
function stopOrphanedDynamoDb(dataDir: string): void {
  try {
    const pid = Number(readFileSync(join(dataDir, "dynamodb", "dynamodb-local.pid"), "utf8"));
    if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("DynamoDBLocal")) process.kill(pid, "SIGKILL");
  } catch {
    // No pid file (stopped cleanly) or the process is gone.
  }
}

/** `env` adds to the service's environment (a DYNAMODB_ENDPOINT, a TABLE_NAME). */
export async function start(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ service: LocalService; send: Send }> {
  const service = await startLocalService({ DATA_DIR: dataDir, ALLOW_PRIVATE_URLS: "true", ...env });
  services.add(service);
  return { service, send: remoteSender(service.url) };
}

export async function kill(service: LocalService): Promise<void> {
  await service.stop("SIGKILL");
  services.delete(service);
}

/** A fresh DATA_DIR with a running service, an account and one definition. */
export async function setUp(steps: unknown[], env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "weft-crash-"));
  dataDirs.push(dataDir);
  const { service, send } = await start(dataDir, env);
  const signup = await expectData<{ apiKey: { key: string } }>(
    await send("POST", "/v1/dashboard-auth/signup", {
      body: {
        email: `crash-${Date.now()}@example.com`,
        password: "a long password",
        workspaceName: "Crash",
      },
    }),
    201,
  );
  const apiKey = signup.apiKey.key;
  const definition = await createDefinition(send, apiKey, steps, "crash");
  return { dataDir, service, send, apiKey, definitionId: definition.id };
}

export const http = (name: string, path: string) => ({
  type: "task",
  name,
  handler: "http",
  config: { url: `${receiver.url}${path}`, method: "POST", body: { step: name } },
});

/** `middle` between two `http` steps, "before" and "after", that call `/<prefix>/before` and `/<prefix>/after`. */
export const between = (prefix: string, middle: unknown) => [
  http("before", `/${prefix}/before`),
  middle,
  http("after", `/${prefix}/after`),
];

/** Waits, on the restarted service, for the run to be COMPLETED. */
export const completed = (send: Send, apiKey: string, runId: string) =>
  waitForRun(send, apiKey, runId, withStatus("COMPLETED"), 30_000);

/**
 * SIGKILLs the service while `/<prefix>/after` has not been called, restarts it on the same DATA_DIR, and
 * waits there for the run to complete.
 */
export async function crashThenComplete(
  setup: Awaited<ReturnType<typeof setUp>>,
  runId: string,
  prefix: string,
) {
  await kill(setup.service);
  expect(receiver.count(`/${prefix}/after`)).toBe(0);
  const { send } = await start(setup.dataDir);
  return { send, done: await completed(send, setup.apiKey, runId) };
}

/** Event types of the run, with step events as `TYPE:stepName`. */
async function eventLog(send: Send, apiKey: string, runId: string): Promise<string[]> {
  return (await allEvents(send, apiKey, runId)).map((event) =>
    typeof event.payload.stepName === "string"
      ? `${event.eventType}:${event.payload.stepName}`
      : event.eventType,
  );
}

const occurrences = (log: string[], entry: string) => log.filter((item) => item === entry).length;

/**
 * The run COMPLETED exactly `stepNames`, in order, and each of `once` (`TYPE:stepName` or a run event type)
 * stands exactly once in its event log; returns the log.
 */
export async function expectCompletedOnce(
  send: Send,
  apiKey: string,
  done: RunWithSteps,
  stepNames: string[],
  once: string[],
): Promise<string[]> {
  expect(done.steps.map((step) => [step.stepName, step.status])).toEqual(
    stepNames.map((name) => [name, "COMPLETED"]),
  );
  const log = await eventLog(send, apiKey, done.id);
  for (const entry of once) expect(occurrences(log, entry), entry).toBe(1);
  return log;
}
