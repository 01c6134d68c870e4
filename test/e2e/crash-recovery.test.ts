import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withKey } from "../helpers/accounts";
import type { RunWithSteps } from "../helpers/api-types";
import { type LocalService, startLocalService } from "../helpers/local-service";
import { expectData } from "../helpers/requests";
import {
  allEvents,
  createDefinition,
  getRun,
  remoteSender,
  type Send,
  startRun,
  waitForRun,
  withStatus,
} from "../helpers/runs";

/**
 * Spec section 1: "a run resumes at the point where it stopped after a process crash". The real `npm start`
 * is killed with SIGKILL (no shutdown handler runs) at three moments of a run, restarted on the same
 * DATA_DIR, and the run must finish with every step that had completed before the crash run exactly once.
 * Side effects are counted by a receiver on 127.0.0.1 that the `http` task handler calls.
 */

interface Hit {
  path: string;
  atMs: number;
  idempotencyKey: string | undefined;
}

/** The side-effect receiver: records every request; a path in `holds` is answered only after that delay. */
class Receiver {
  readonly hits: Hit[] = [];
  private readonly holds = new Map<string, { delayMs: number; arrived: () => void }>();
  private server: Server | undefined;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next request to `path` is held for `delayMs`; resolves when it arrives. */
  holdNext(path: string, delayMs: number): Promise<void> {
    return new Promise((arrived) => this.holds.set(path, { delayMs, arrived }));
  }

  count(path: string): number {
    return this.hits.filter((hit) => hit.path === path).length;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? "";
    const key = request.headers["idempotency-key"];
    this.hits.push({ path, atMs: Date.now(), idempotencyKey: typeof key === "string" ? key : undefined });
    request.resume();
    const answer = () => {
      if (response.destroyed) return;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true, path }));
    };
    const hold = this.holds.get(path);
    if (!hold) {
      answer();
      return;
    }
    this.holds.delete(path);
    hold.arrived();
    setTimeout(answer, hold.delayMs);
  }
}

const receiver = new Receiver();
const dataDirs: string[] = [];
/** Every service started here, so afterAll can stop whichever is still up. */
const services = new Set<LocalService>();

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

async function start(dataDir: string): Promise<{ service: LocalService; send: Send }> {
  const service = await startLocalService({ DATA_DIR: dataDir, ALLOW_PRIVATE_URLS: "true" });
  services.add(service);
  return { service, send: remoteSender(service.url) };
}

async function kill(service: LocalService): Promise<void> {
  await service.stop("SIGKILL");
  services.delete(service);
}

/** A fresh DATA_DIR with a running service, an account and one definition. */
async function setUp(steps: unknown[]) {
  const dataDir = mkdtempSync(join(tmpdir(), "weft-crash-"));
  dataDirs.push(dataDir);
  const { service, send } = await start(dataDir);
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

const http = (name: string, path: string) => ({
  type: "task",
  name,
  handler: "http",
  config: { url: `${receiver.url}${path}`, method: "POST", body: { step: name } },
});

/** `middle` between two `http` steps, "before" and "after", that call `/<prefix>/before` and `/<prefix>/after`. */
const between = (prefix: string, middle: unknown) => [
  http("before", `/${prefix}/before`),
  middle,
  http("after", `/${prefix}/after`),
];

/** Waits, on the restarted service, for the run to be COMPLETED. */
const completed = (send: Send, apiKey: string, runId: string) =>
  waitForRun(send, apiKey, runId, withStatus("COMPLETED"), 30_000);

/**
 * SIGKILLs the service while `/<prefix>/after` has not been called, restarts it on the same DATA_DIR, and
 * waits there for the run to complete.
 */
async function crashThenComplete(setup: Awaited<ReturnType<typeof setUp>>, runId: string, prefix: string) {
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
async function expectCompletedOnce(
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

describe("a run survives a SIGKILL of npm start", { timeout: 90_000 }, () => {
  it("completes, without repeating the steps done before, when the process dies during a task", async () => {
    const setup = await setUp(between("task", http("slow", "/task/slow")));
    const slowArrived = receiver.holdNext("/task/slow", 3_000);
    const run = await startRun(setup.send, setup.apiKey, { definitionId: setup.definitionId });

    await slowArrived;
    const during = await getRun(setup.send, setup.apiKey, run.id);
    expect(during).toMatchObject({ status: "RUNNING", currentStepName: "slow" });
    const { send, done } = await crashThenComplete(setup, run.id, "task");

    expect(receiver.count("/task/before")).toBe(1);
    // The interrupted step is done again (at least once), with the same Idempotency-Key, so a receiver
    // can tell the repeat from a new request.
    const slowHits = receiver.hits.filter((hit) => hit.path === "/task/slow");
    expect(slowHits.length).toBeGreaterThanOrEqual(2);
    expect(new Set(slowHits.map((hit) => hit.idempotencyKey)).size).toBe(1);
    expect(receiver.count("/task/after")).toBe(1);

    const log = await expectCompletedOnce(
      send,
      setup.apiKey,
      done,
      ["before", "slow", "after"],
      [
        "STEP_COMPLETED:before",
        "STEP_COMPLETED:slow",
        "STEP_COMPLETED:after",
        "WORKFLOW_STARTED",
        "WORKFLOW_COMPLETED",
      ],
    );
    expect(log.at(-1)).toBe("WORKFLOW_COMPLETED");
  });

  it("completes after the wait has elapsed, without repeating earlier steps, when the process dies during a wait", async () => {
    const setup = await setUp(between("wait", { type: "wait", name: "pause", durationMs: 3_000 }));
    const run = await startRun(setup.send, setup.apiKey, { definitionId: setup.definitionId });

    await waitForRun(
      setup.send,
      setup.apiKey,
      run.id,
      (current) => current.status === "WAITING" && current.currentStepName === "pause",
    );
    const { send, done } = await crashThenComplete(setup, run.id, "wait");

    expect(receiver.count("/wait/before")).toBe(1);
    expect(receiver.count("/wait/after")).toBe(1);
    const pause = done.steps.find((step) => step.stepName === "pause");
    const afterHit = receiver.hits.find((hit) => hit.path === "/wait/after");
    expect(pause?.startedAt).toEqual(expect.any(String));
    expect(afterHit?.atMs).toBeGreaterThanOrEqual(Date.parse(pause?.startedAt ?? "") + 3_000);

    await expectCompletedOnce(
      send,
      setup.apiKey,
      done,
      ["before", "pause", "after"],
      ["STEP_COMPLETED:before", "STEP_STARTED:pause", "STEP_COMPLETED:pause", "WORKFLOW_COMPLETED"],
    );
  });

  it("keeps the approval pending and completes once it is decided, when the process dies during an approval pause", async () => {
    const setup = await setUp(
      between("approval", { type: "approval", name: "review", contentKey: "input", prompt: "Ship it?" }),
    );
    const run = await startRun(setup.send, setup.apiKey, {
      definitionId: setup.definitionId,
      input: { document: "draft 1" },
    });

    await waitForRun(setup.send, setup.apiKey, run.id, withStatus("PAUSED"));
    await kill(setup.service);

    const { send } = await start(setup.dataDir);
    const afterRestart = await getRun(send, setup.apiKey, run.id);
    expect(afterRestart).toMatchObject({ status: "PAUSED", currentStepName: "review" });
    const pending = await expectData<{ id: string; workflowRunId: string; content: unknown }[]>(
      await send("GET", "/v1/approval-requests?pending=true", { headers: withKey(setup.apiKey) }),
      200,
    );
    const mine = pending.filter((request) => request.workflowRunId === run.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.content).toEqual({ document: "draft 1" });

    await expectData(
      await send("POST", `/v1/approval-requests/${mine[0]?.id}/decide`, {
        body: { decision: "approved", decidedBy: "reviewer@example.com" },
        headers: withKey(setup.apiKey),
      }),
      200,
    );
    const done = await completed(send, setup.apiKey, run.id);

    expect(receiver.count("/approval/before")).toBe(1);
    expect(receiver.count("/approval/after")).toBe(1);
    await expectCompletedOnce(
      send,
      setup.apiKey,
      done,
      ["before", "review", "after"],
      ["STEP_COMPLETED:before", "APPROVAL_REQUESTED:review", "APPROVAL_DECIDED:review", "WORKFLOW_COMPLETED"],
    );
  });
});
