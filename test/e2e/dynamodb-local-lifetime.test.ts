import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type LocalService, startLocalService } from "../helpers/local-service";
import { listProcesses, type ProcessInfo } from "../helpers/processes";

/**
 * DynamoDB Local runs outside the terminal's process group (so that Ctrl-C lets the service drain first),
 * which a signal to that group does not reach. A SIGKILL of the service must still end it: a watchdog ends
 * the JVM when the service dies, and the next start ends a JVM left over all the same.
 */

const dataDirs: string[] = [];
const services = new Set<LocalService>();

afterAll(async () => {
  for (const service of services) await service.stop("SIGTERM");
  for (const dataDir of dataDirs) {
    for (const jvm of jvmsOf(dataDir)) process.kill(jvm.pid, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** DynamoDB Local JVMs persisting under this DATA_DIR. */
function jvmsOf(dataDir: string): ProcessInfo[] {
  const dbPath = join(dataDir, "dynamodb");
  return listProcesses().filter(
    (proc) => proc.args.some((arg) => arg.includes("DynamoDBLocal")) && proc.args.includes(dbPath),
  );
}

/**
 * The node process that runs functions/local.ts: `npm start` runs it through sh and the tsx command, whose
 * command lines name local.ts too, so it is the one of them with no such child.
 */
function serviceNode(service: LocalService): ProcessInfo {
  const runners = listProcesses().filter(
    (proc) => proc.pgid === service.pid && proc.args.some((arg) => arg.endsWith("functions/local.ts")),
  );
  const leaf = runners.filter((proc) => !runners.some((other) => other.ppid === proc.pid));
  expect(leaf).toHaveLength(1);
  return leaf[0] as ProcessInfo;
}

async function start(dataDir: string): Promise<LocalService> {
  const service = await startLocalService({ DATA_DIR: dataDir });
  services.add(service);
  return service;
}

/** SIGKILLs the service's node process, then whatever else of `npm start` is left in its group. */
async function killNode(service: LocalService): Promise<void> {
  process.kill(serviceNode(service).pid, "SIGKILL");
  await service.stop("SIGKILL");
  services.delete(service);
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

async function expectReady(service: LocalService): Promise<void> {
  const response = await fetch(`${service.url}/ready`);
  expect(response.status).toBe(200);
}

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "weft-jvm-"));
  dataDirs.push(dataDir);
  return dataDir;
}

describe("DynamoDB Local of npm start", { timeout: 180_000 }, () => {
  it("ends within seconds of a SIGKILL of the service's node process; the next start comes up", async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    expect(jvmsOf(dataDir)).toHaveLength(1);

    await killNode(first);
    expect(await waitUntil(() => jvmsOf(dataDir).length === 0, 5_000)).toBe(true);

    const second = await start(dataDir);
    await expectReady(second);
    await second.stop("SIGTERM");
    expect(second.output()).toContain('"message":"stopped"');
    expect(jvmsOf(dataDir)).toHaveLength(0);
  });

  it("left running when its watchdog was killed too, is ended by the next start on the same DATA_DIR", async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    const [jvm] = jvmsOf(dataDir);
    if (!jvm) throw new Error(`no DynamoDB Local for ${dataDir}`);

    process.kill(jvm.ppid, "SIGKILL");
    await killNode(first);
    expect(jvmsOf(dataDir).map((proc) => proc.pid)).toEqual([jvm.pid]);

    const second = await start(dataDir);
    await expectReady(second);
    expect(jvmsOf(dataDir).map((proc) => proc.pid)).not.toContain(jvm.pid);
    await second.stop("SIGTERM");
  });
});
