import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;
/** Enough of the child's output to explain a failed start, without holding a long run's logs. */
const OUTPUT_KEPT_CHARS = 20_000;

export interface RunningService {
  url: string;
  dynamoEndpoint: string;
  tableName: string;
  /** Settles once the service prints its listening line; rejects with its output if it exits or hangs. */
  ready: Promise<void>;
  /** Stops the service and removes its data directory; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * The real `npm start` service as a child, on its own temp data directory and free ports. The limiter is set
 * out of reach so it never refuses, but it still does its DynamoDB write per request, as in production.
 * Returned before it is ready, so a Ctrl-C during the slow DynamoDB Local start can still stop it.
 */
export async function launchService(repoRoot: string): Promise<RunningService> {
  const [port, dynamoPort] = await freePorts(2);
  const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-"));
  const tableName = process.env.TABLE_NAME || "weft";
  const child = spawn(process.execPath, ["--import", "tsx", "functions/local.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DYNAMODB_LOCAL_PORT: String(dynamoPort),
      // Empty counts as unset: a developer's DYNAMODB_ENDPOINT must not send the bench to another database.
      DYNAMODB_ENDPOINT: "",
      TABLE_NAME: tableName,
      RATE_LIMIT_PER_MINUTE: "100000000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });

  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= stopChild(child).finally(() => rmSync(dataDir, { recursive: true, force: true }));
    return stopped;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    dynamoEndpoint: `http://127.0.0.1:${dynamoPort}`,
    tableName,
    ready: waitForListening(child, () => output),
    stop,
  };
}

function waitForListening(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      cleanup();
      reject(new Error(`${reason}\n--- service output ---\n${output()}`));
    };
    const onData = () => {
      if (!output().includes("Weft is listening on")) return;
      cleanup();
      resolve();
    };
    const onExit = (code: number | null, signal: string | null) =>
      fail(`the service exited before listening (code ${code}, signal ${signal})`);
    const timer = setTimeout(
      () => fail(`the service did not listen within ${READY_TIMEOUT_MS} ms`),
      READY_TIMEOUT_MS,
    );
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("close", onExit);
    };
    child.stdout?.on("data", onData);
    child.once("close", onExit);
  });
}

/** SIGTERM lets the service stop its DynamoDB Local; SIGKILL only if it hangs, which would orphan the jar. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Ports held open together, so the same free port is never handed out twice. */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve, reject) => {
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => {
            const address = server.address();
            if (typeof address === "object" && address) resolve(address.port);
            else reject(new Error("no port assigned"));
          });
        }),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
